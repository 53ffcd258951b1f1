import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import type { LucideIcon } from "lucide-react"
import { ArrowRight, CalendarDays, Check, Eye, Gem, Hammer, Package, Sparkles, Truck } from "lucide-react"
import { CATEGORY_PRICES, DEFAULT_PRICE, THEME_KEYS } from "../../domain/pricing/collectionPrice"
import { LEAD_TIME_TEXT } from "../../domain/shipping/schedule"
import { pricedRecurringPlans } from "../../domain/subscriptions/plans"
import { formatBRL } from "../lib/format"
import { seo } from "../lib/seo"

export const Route = createFileRoute("/como-funciona")({
  // The prepaid plans come from the rows the administrator edits, like /planos and the checkout.
  loader: ({ context }) => context.trpc.catalog.prepaidPlans.ensureData(),
  head: ({ match }) =>
    seo({
      title: "Como Funciona",
      description:
        "Veja como funciona a Legendarium: escolha a coleção, garanta o personagem do mês ou assine, acompanhe a produção sob encomenda e receba em casa.",
      path: "/como-funciona",
      publicUrl: match.context.publicUrl,
    }),
  component: HowItWorksPage,
})

interface Step {
  readonly icon: LucideIcon
  readonly title: string
  readonly text: string
}

const STEPS: readonly Step[] = [
  {
    icon: Gem,
    title: "Escolha a coleção",
    text: "Anime, Heróis, Terror, Ficção Científica, Fantasia, DC ou Marvel: cada coleção ganha um personagem novo por mês.",
  },
  {
    icon: Sparkles,
    title: "Garanta o personagem do mês ou assine",
    text: "Compre o personagem do mês avulso ou assine a coleção para recebê-lo todo mês, com frete grátis e acesso aos personagens anteriores.",
  },
  {
    icon: Hammer,
    title: "Produção sob encomenda",
    text: `Cada figura é produzida depois da confirmação do pagamento: ${LEAD_TIME_TEXT}.`,
  },
  {
    icon: Package,
    title: "Receba e exiba",
    text: "Acompanhe a entrega pelo código de rastreio e dê à sua nova figura o lugar de destaque que ela merece.",
  },
]

const REVEAL_PHASES = [
  {
    day: "Dia 1",
    name: "Early Preview",
    text: "O Personagem Misterioso do mês aparece na coleção com as primeiras pistas.",
  },
  {
    day: "Dia 8",
    name: "Preview",
    text: "Novas pistas e detalhes da silhueta deixam a disputa de palpites mais acirrada.",
  },
  {
    day: "Dia 15",
    name: "Revelação final",
    text: "Ao meio-dia (horário de Brasília), o personagem é revelado com imagens e detalhes completos.",
  },
] as const

const SUBSCRIBER_PERKS = [
  "Frete grátis em todos os envios",
  "Acesso aos personagens já lançados da coleção, pelo preço normal",
  "Suporte prioritário",
  "Cancele quando quiser, sem taxa de cancelamento",
] as const

function plural(count: number, singular: string, pluralForm: string) {
  return `${count} ${count === 1 ? singular : pluralForm}`
}

function HowItWorksPage() {
  const { trpc } = Route.useRouteContext()
  const { data: prepaid } = useSuspenseQuery(trpc.catalog.prepaidPlans.queryOptions())
  const plans = pricedRecurringPlans(DEFAULT_PRICE)
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Passo a passo</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Como Funciona</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted">
          Figuras colecionáveis premium, produzidas sob encomenda. Todo mês, cada coleção revela um novo
          personagem no dia 15.
        </p>
      </header>

      <section aria-labelledby="passos" className="mt-12">
        <h2 id="passos" className="sr-only">
          Os quatro passos
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="surface flex gap-4 rounded-2xl p-5">
              <span
                aria-hidden
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-(--accent) text-lg font-bold text-(--accent-contrast)"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-2 font-semibold">
                  <Icon aria-hidden className="h-4 w-4 text-accent" />
                  {title}
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="calendario" className="mt-14">
        <h2 id="calendario" className="flex items-center gap-2 text-2xl font-bold">
          <CalendarDays aria-hidden className="h-6 w-6 text-accent" />
          Calendário de revelações
        </h2>
        <p className="mt-3 leading-relaxed text-muted">
          Até a revelação, o personagem do mês é um <strong>Personagem Misterioso</strong>: você pode
          garanti-lo antes de todo mundo, guiado apenas pelas pistas de cada fase.
        </p>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {REVEAL_PHASES.map((phase) => (
            <li key={phase.name} className="surface rounded-2xl p-5">
              <p className="text-sm font-semibold text-accent">{phase.day}</p>
              <h3 className="mt-1 flex items-center gap-2 font-semibold">
                <Eye aria-hidden className="h-4 w-4" />
                {phase.name}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{phase.text}</p>
            </li>
          ))}
        </ol>
        <ul className="mt-6 space-y-2 text-sm leading-relaxed text-muted">
          <li>
            <strong className="text-current">Personagem do mês:</strong> pode ser comprado avulso por qualquer
            pessoa.
          </li>
          <li>
            <strong className="text-current">Personagens anteriores:</strong> exclusivos para assinantes da
            coleção, pelo preço normal.
          </li>
          <li>
            <strong className="text-current">Em Breve:</strong> personagens futuros ainda não podem ser
            comprados.
          </li>
        </ul>
      </section>

      <section aria-labelledby="precos" className="mt-14">
        <h2 id="precos" className="text-2xl font-bold">
          Preço por personagem
        </h2>
        <p className="mt-3 leading-relaxed text-muted">
          Valores em reais, por figura, com impostos inclusos. O frete é calculado pelo CEP no carrinho
          (grátis para assinantes).
        </p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {THEME_KEYS.map((key) => {
            const category = CATEGORY_PRICES[key]
            return (
              <li key={key} className="surface flex items-center justify-between gap-4 rounded-xl px-5 py-4">
                <div>
                  <p className="flex items-center gap-2 font-semibold">
                    {category.label}
                    <span className="surface-2 rounded-full px-2 py-0.5 text-xs font-medium text-muted">
                      {category.tier === "premium" ? "Premium" : "Padrão"}
                    </span>
                  </p>
                  <p className="mt-0.5 text-sm text-muted">{category.description}</p>
                </div>
                <p className="shrink-0 text-lg font-bold">{formatBRL(category.price)}</p>
              </li>
            )
          })}
        </ul>
      </section>

      <section aria-labelledby="planos" className="mt-14">
        <h2 id="planos" className="text-2xl font-bold">
          Assinaturas e planos
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {plans.map((plan) => (
            <div key={plan.id} className="surface rounded-2xl p-5">
              <h3 className="font-semibold">{plan.name}</h3>
              <p className="mt-1 text-2xl font-bold">{formatBRL(plan.price)}</p>
              <p className="mt-1 text-sm text-muted">
                {plural(plan.charactersPerCycle, "personagem", "personagens")} a cada{" "}
                {plan.frequencyMonths === 1 ? "mês" : `${plan.frequencyMonths} meses, um envio por mês`}
                {plan.saving > 0 ? ` — economia de ${formatBRL(plan.saving)}` : ""}
              </p>
            </div>
          ))}
        </div>
        <h3 className="mt-8 font-semibold">Benefícios de quem assina</h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {SUBSCRIBER_PERKS.map((perk) => (
            <li key={perk} className="flex items-start gap-2 text-sm leading-relaxed">
              <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
              {perk}
            </li>
          ))}
        </ul>
        <h3 className="mt-8 font-semibold">Planos pré-pagos</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          Pague o período de uma vez, com desconto e sem renovação automática: preço do personagem × meses −
          desconto. Exemplo com a coleção Anime ({formatBRL(DEFAULT_PRICE)} por personagem):
        </p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {prepaid.plans.map((plan) => {
            return (
              <li key={plan.id} className="surface relative rounded-2xl p-5">
                {plan.popular ? (
                  <span className="absolute -top-3 right-4 rounded-full bg-(--accent) px-2.5 py-0.5 text-xs font-semibold text-(--accent-contrast)">
                    Mais popular
                  </span>
                ) : null}
                <h4 className="font-semibold">{plan.name}</h4>
                <p className="text-sm text-muted">
                  {plural(plan.months, "mês", "meses")} · {plan.discountPercent}% de desconto
                </p>
                <p className="mt-3 text-xl font-bold">{formatBRL(plan.total)}</p>
                <p className="text-sm text-muted">
                  equivale a {formatBRL(plan.perMonth)}/mês · economia de {formatBRL(plan.savings)}
                </p>
              </li>
            )
          })}
        </ul>
      </section>

      <section aria-labelledby="envio" className="mt-14">
        <h2 id="envio" className="flex items-center gap-2 text-2xl font-bold">
          <Truck aria-hidden className="h-6 w-6 text-accent" />
          Calendário de envio
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="surface rounded-2xl p-5">
            <h3 className="font-semibold">Pagamento do dia 1 ao dia 14</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">
              Seu pedido entra no lote do mês e é enviado no dia 30 (ou no último dia do mês, em meses mais
              curtos).
            </p>
          </div>
          <div className="surface rounded-2xl p-5">
            <h3 className="font-semibold">Pagamento a partir do dia 15</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">
              Seu pedido entra no lote seguinte e é enviado no dia 15 do mês seguinte.
            </p>
          </div>
        </div>
        <p className="mt-4 text-sm leading-relaxed text-muted">
          Prazo estimado: {LEAD_TIME_TEXT}. O frete é grátis para assinantes; para compras avulsas, é
          calculado pelo CEP no carrinho, com opções dos Correios (PAC e SEDEX) e transportadoras parceiras.
        </p>
      </section>

      <section
        aria-labelledby="proximos-passos"
        className="surface-2 mt-14 rounded-2xl p-6 text-center sm:p-8"
      >
        <h2 id="proximos-passos" className="text-xl font-bold">
          Pronto para começar sua coleção?
        </h2>
        <p className="mt-2 text-muted">
          Ainda com dúvidas? As respostas mais comuns estão nas perguntas frequentes.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/planos" className="btn btn-primary">
            Ver planos
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
          <Link to="/" className="btn btn-ghost">
            Personagens do mês
          </Link>
          <Link to="/faq" className="btn btn-ghost">
            Perguntas frequentes
          </Link>
        </div>
      </section>
    </div>
  )
}
