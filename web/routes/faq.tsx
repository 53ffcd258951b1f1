import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { ChevronDown, Mail, MessageCircle } from "lucide-react"
import { CATEGORY_PRICES, DEFAULT_PRICE } from "../../domain/pricing/collectionPrice"
import { LEAD_TIME_TEXT } from "../../domain/shipping/schedule"
import { pricedRecurringPlans } from "../../domain/subscriptions/plans"
import { plansSummary } from "../../domain/subscriptions/prepaidPlans"
import { formatBRL } from "../lib/format"
import { seo } from "../lib/seo"
import { formatWhatsapp, useStoreSettings, whatsappLink } from "../lib/settings"

export const Route = createFileRoute("/faq")({
  // The prepaid plans as the administrator keeps them (the same rows as /planos).
  loader: ({ context }) => context.trpc.catalog.prepaidPlans.ensureData(),
  head: ({ match }) =>
    seo({
      title: "Perguntas Frequentes",
      description:
        "Tire suas dúvidas sobre pedidos, pagamento, assinaturas, produção sob encomenda, prazos de envio, trocas e atendimento da Legendarium.",
      path: "/faq",
      publicUrl: match.context.publicUrl,
    }),
  component: FaqPage,
})

type FaqLink =
  | {
      readonly kind: "route"
      readonly to: "/planos" | "/como-funciona" | "/terms" | "/privacy"
      readonly hash?: string
    }
  | { readonly kind: "href"; readonly href: string }

interface FaqItem {
  readonly question: string
  /** Plain text, reused verbatim in the FAQPage structured data. */
  readonly answer: string
  readonly link?: FaqLink & { readonly label: string }
}

interface FaqCategory {
  readonly id: string
  readonly title: string
  readonly items: readonly FaqItem[]
}

interface Contact {
  readonly supportEmail: string
  readonly supportHours: string
  readonly whatsappNumber: string
}

// The reference collection's prices (R$ 299,90 a character); each collection's own are on its page.
const [monthlyPlan, bimonthlyPlan] = pricedRecurringPlans(DEFAULT_PRICE)
const premiumFrom = Math.min(
  ...Object.values(CATEGORY_PRICES)
    .filter((c) => c.tier === "premium")
    .map((c) => c.price),
)

function faqCategories(
  { supportEmail, supportHours, whatsappNumber }: Contact,
  periods: string,
): readonly FaqCategory[] {
  return [
    {
      id: "pedidos-e-pagamentos",
      title: "Pedidos e Pagamentos",
      items: [
        {
          question: "Quais formas de pagamento vocês aceitam?",
          answer:
            "Os pagamentos são processados pelo Mercado Pago: cartão de crédito em até 12x, PIX (aprovação na hora) e boleto bancário, que vence em 3 dias. Quando a forma de pagamento exige, pedimos o seu CPF.",
        },
        {
          question: "Meus dados de cartão ficam com a Legendarium?",
          answer:
            "Não. Os dados do cartão são digitados no ambiente seguro do Mercado Pago e nunca passam pelos nossos servidores. Recebemos apenas a confirmação do pagamento.",
        },
        {
          question: "Quando meu pedido é confirmado?",
          answer:
            "Assim que o pagamento é aprovado. No PIX isso costuma levar alguns instantes; no boleto, a compensação pode levar até 3 dias úteis após o pagamento. A data de aprovação define em qual lote de produção o pedido entra.",
        },
        {
          question: "Posso comprar um personagem sem assinar?",
          answer:
            "Sim. O personagem do mês de cada coleção pode ser comprado avulso por qualquer pessoa. Personagens de meses anteriores são exclusivos para assinantes da coleção, e os personagens marcados como Em Breve ainda não estão à venda.",
        },
        {
          question: "Posso desistir da compra?",
          answer:
            "Sim. Pelo Código de Defesa do Consumidor (art. 49), você pode desistir da compra em até 7 dias a partir do recebimento, sem precisar justificar. Devolvemos o valor integral, incluindo o frete, pelo mesmo meio de pagamento.",
          link: { kind: "route", to: "/terms", hash: "arrependimento", label: "Veja os Termos de Uso" },
        },
      ],
    },
    {
      id: "assinaturas-e-planos",
      title: "Assinaturas e Planos",
      items: [
        {
          question: "Quais planos de assinatura existem?",
          answer: `O ${monthlyPlan?.name ?? "Plano Mensal"} custa ${formatBRL(monthlyPlan?.price ?? 0)} e inclui 1 personagem por mês. O ${bimonthlyPlan?.name ?? "Plano Bimestral"} custa ${formatBRL(bimonthlyPlan?.price ?? 0)} e inclui 2 personagens a cada ciclo de 2 meses, com um envio por mês, e sai ${formatBRL(bimonthlyPlan?.saving ?? 0)} mais barato que duas mensalidades do plano mensal.`,
          link: { kind: "route", to: "/planos", label: "Compare os planos" },
        },
        {
          question: "O que são os planos pré-pagos?",
          answer: `Você paga um período inteiro de uma vez, com desconto: ${periods}. O total é o preço do personagem da coleção multiplicado pelos meses, menos o desconto. Não há renovação automática.`,
        },
        {
          question: "Quais são as vantagens de ser assinante?",
          answer:
            "Assinantes têm frete grátis, acesso aos personagens já lançados da coleção pelo preço normal e suporte prioritário. Quem não assina depende da disponibilidade do personagem do mês e paga o frete.",
        },
        {
          question: "Posso cancelar a assinatura?",
          answer:
            "Sim, a qualquer momento e sem taxa de cancelamento. O cancelamento vale para as próximas cobranças; pedidos já pagos seguem para produção e entrega normalmente.",
        },
        {
          question: "E se eu quiser cancelar um plano pré-pago?",
          answer:
            "Em até 7 dias da compra, o reembolso é integral. Depois disso, devolvemos proporcionalmente o valor pago referente aos meses cujos personagens ainda não entraram em produção.",
          link: {
            kind: "route",
            to: "/terms",
            hash: "planos-pre-pagos",
            label: "Regras completas nos Termos de Uso",
          },
        },
      ],
    },
    {
      id: "producao-e-envio",
      title: "Produção e Envio",
      items: [
        {
          question: "Quanto tempo leva para receber minha figura?",
          answer: `Todas as figuras são produzidas sob encomenda, depois da confirmação do pagamento: ${LEAD_TIME_TEXT}.`,
          link: { kind: "route", to: "/como-funciona", label: "Entenda como funciona" },
        },
        {
          question: "Em que dia meu pedido é enviado?",
          answer:
            "Pedidos pagos do dia 1 ao dia 14 são enviados no dia 30 do mesmo mês (ou no último dia, em meses mais curtos). Pedidos pagos a partir do dia 15 são enviados no dia 15 do mês seguinte.",
        },
        {
          question: "Quanto custa o frete?",
          answer:
            "Para assinantes, o frete é grátis. Nas compras avulsas, o frete é calculado pelo CEP no carrinho, com opções dos Correios (PAC e SEDEX) e de transportadoras parceiras.",
        },
        {
          question: "Como acompanho a entrega?",
          answer:
            "Quando o pedido é enviado, você recebe o código de rastreio por e-mail. Basta informá-lo na página Rastrear Pedido para ver o andamento.",
          link: { kind: "href", href: "/rastrear", label: "Rastrear pedido" },
        },
        {
          question: "Meu pedido chegou danificado ou não chegou. E agora?",
          answer:
            "Se a figura chegou danificada, avise-nos em até 7 dias após a entrega, com fotos da embalagem e do produto, para agilizarmos a troca; isso não reduz a sua garantia legal de 90 dias contra defeitos. Se o pedido não chegar em até 15 dias úteis após o envio, abrimos uma investigação com a transportadora e, confirmado o extravio, enviamos uma nova unidade ou devolvemos o valor, à sua escolha.",
        },
      ],
    },
    {
      id: "produtos-e-colecoes",
      title: "Produtos e Coleções",
      items: [
        {
          question: "Quais coleções existem e quanto custam?",
          answer: `Anime custa ${formatBRL(CATEGORY_PRICES.anime.price)} por personagem. As coleções premium (Heróis, Terror, Ficção Científica, Fantasia, DC e Marvel) custam a partir de ${formatBRL(premiumFrom)}. Os preços são em reais, com impostos inclusos.`,
          link: { kind: "route", to: "/como-funciona", label: "Ver a tabela de preços" },
        },
        {
          question: "Quando um novo personagem é revelado?",
          answer:
            "Todo dia 15, ao meio-dia (horário de Brasília), cada coleção revela um novo personagem. Antes disso há duas fases de pistas: Early Preview, a partir do dia 1, e Preview, a partir do dia 8.",
        },
        {
          question: "O que é o Personagem Misterioso?",
          answer:
            "É o personagem do mês antes da revelação. Você pode garanti-lo antecipadamente guiando-se apenas pelas pistas, como uma caixa misteriosa. O direito de arrependimento continua valendo normalmente.",
        },
        {
          question: "As imagens do site mostram exatamente a figura que vou receber?",
          answer:
            "As imagens são renderizações ilustrativas do personagem. Como cada figura é produzida sob encomenda, pequenas variações de pintura e acabamento podem ocorrer, sem alterar o personagem, a escala ou a qualidade anunciados.",
        },
        {
          question: "Posso comprar personagens de meses anteriores?",
          answer:
            "Personagens já lançados ficam disponíveis apenas para assinantes da respectiva coleção, pelo preço normal. Assinando, você garante acesso a eles.",
          link: { kind: "route", to: "/planos", label: "Assinar uma coleção" },
        },
      ],
    },
    {
      id: "conta-e-suporte",
      title: "Conta e Suporte",
      items: [
        {
          question: "Como falo com o atendimento?",
          answer: `Pelo WhatsApp ${formatWhatsapp(whatsappNumber)}, pelo e-mail ${supportEmail} ou abrindo um chamado na página de suporte (as respostas ficam na aba Suporte da sua conta). Horário de atendimento: ${supportHours}.`,
          link: { kind: "href", href: "#contato", label: "Fale com a gente" },
        },
        {
          question: "Em quanto tempo recebo uma resposta?",
          answer:
            "Respondemos os chamados em até 24 horas, dentro do horário de atendimento. Tenha em mãos o número do pedido para agilizar.",
        },
        {
          question: "Como a Legendarium protege meus dados?",
          answer:
            "Tratamos seus dados de acordo com a Lei Geral de Proteção de Dados (LGPD), apenas para as finalidades informadas na Política de Privacidade. Você pode pedir acesso, correção, portabilidade ou eliminação dos seus dados a qualquer momento.",
          link: { kind: "route", to: "/privacy", label: "Política de Privacidade" },
        },
        {
          question: "Posso alterar o endereço de entrega depois da compra?",
          answer:
            "Sim, enquanto o pedido ainda não foi enviado. Fale com o atendimento informando o número do pedido e o novo endereço completo, com CEP.",
        },
      ],
    },
  ]
}

function faqJsonLd(categories: readonly FaqCategory[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: categories.flatMap((category) =>
      category.items.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    ),
  }
}

const linkClass = "mt-3 inline-block text-sm font-semibold text-accent underline-offset-4 hover:underline"

function ItemLink({ link }: { link: NonNullable<FaqItem["link"]> }) {
  if (link.kind === "route") {
    return (
      <Link to={link.to} hash={link.hash} className={linkClass}>
        {link.label}
      </Link>
    )
  }
  return (
    <a href={link.href} className={linkClass}>
      {link.label}
    </a>
  )
}

function FaqPage() {
  const settings = useStoreSettings()
  const { trpc } = Route.useRouteContext()
  const { data: prepaid } = useSuspenseQuery(trpc.catalog.prepaidPlans.queryOptions())
  const categories = faqCategories(settings, plansSummary(prepaid.plans))
  const jsonLd = JSON.stringify(faqJsonLd(categories)).replace(/</g, "\\u003c")
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built from our own data, with "<" escaped
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Perguntas Frequentes</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted">
          Tudo sobre pedidos, assinaturas, produção sob encomenda e entrega das suas figuras.
        </p>
      </header>

      <nav aria-label="Categorias" className="mt-8 flex flex-wrap justify-center gap-2">
        {categories.map((category) => (
          <a key={category.id} href={`#${category.id}`} className="btn btn-ghost text-sm">
            {category.title}
          </a>
        ))}
      </nav>

      {categories.map((category) => (
        <section key={category.id} aria-labelledby={category.id} className="mt-12 scroll-mt-24">
          <h2 id={category.id} className="scroll-mt-24 text-xl font-bold sm:text-2xl">
            {category.title}
          </h2>
          <div className="mt-4 space-y-3">
            {category.items.map((item) => (
              <details key={item.question} className="group surface rounded-xl">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    aria-hidden
                    className="h-5 w-5 shrink-0 text-muted transition-transform duration-200 group-open:rotate-180"
                  />
                </summary>
                <div className="px-5 pb-5 leading-relaxed text-muted">
                  <p>{item.answer}</p>
                  {item.link ? <ItemLink link={item.link} /> : null}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <section
        id="contato"
        aria-labelledby="contato-title"
        className="surface-2 mt-14 scroll-mt-24 rounded-2xl p-6 text-center sm:p-8"
      >
        <h2 id="contato-title" className="text-xl font-bold">
          Não encontrou sua resposta?
        </h2>
        <p className="mt-2 text-muted">
          Fale com a nossa equipe. Horário de atendimento: {settings.supportHours}.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={`mailto:${settings.supportEmail}`} className="btn btn-primary">
            <Mail aria-hidden className="h-4 w-4" />
            E-mail
          </a>
          <a
            href={whatsappLink(settings.whatsappNumber)}
            className="btn btn-ghost"
            target="_blank"
            rel="noopener noreferrer"
          >
            <MessageCircle aria-hidden className="h-4 w-4" />
            WhatsApp
          </a>
          <Link to="/planos" className="btn btn-ghost">
            Ver planos
          </Link>
        </div>
      </section>
    </div>
  )
}
