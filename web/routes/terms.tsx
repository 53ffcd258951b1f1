import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { LEAD_TIME_TEXT } from "../../domain/shipping/schedule"
import { plansSummary } from "../../domain/subscriptions/prepaidPlans"
import { LegalDocument, type LegalSection } from "../components/LegalDocument"
import { legalHead } from "../lib/seo"
import { formatWhatsapp, useStoreSettings } from "../lib/settings"

const DESCRIPTION =
  "Condições de compra da Legendarium: produção sob encomenda, prazos, pagamento, assinaturas, planos pré-pagos, arrependimento, garantia e trocas."

export const Route = createFileRoute("/terms")({
  loader: ({ context }) => context.trpc.catalog.prepaidPlans.ensureData(),
  head: legalHead("Termos de Uso", DESCRIPTION, "/terms"),
  component: TermsPage,
})

interface Contact {
  readonly supportEmail: string
  readonly supportHours: string
  readonly whatsappNumber: string
}

function termsSections(
  { supportEmail, supportHours, whatsappNumber }: Contact,
  periodSummary: string,
): readonly LegalSection[] {
  return [
    {
      id: "quem-somos",
      title: "1. Quem somos e aceitação",
      blocks: [
        "Esta loja é operada pela Legendarium Colecionáveis Ltda. (“Legendarium”, “nós”), que vende figuras colecionáveis premium produzidas sob encomenda.",
        "Ao navegar, criar uma conta, comprar ou assinar, você declara ter lido e aceitado estes Termos de Uso e a Política de Privacidade. Estes termos não afastam nenhum direito garantido pelo Código de Defesa do Consumidor (CDC – Lei nº 8.078/1990) ou pelo Decreto nº 7.962/2013, que regula o comércio eletrônico.",
      ],
    },
    {
      id: "conta",
      title: "2. Cadastro e conta",
      blocks: [
        "Para comprar ou assinar, você deve ter 18 anos ou mais, ou contar com a assistência dos pais ou responsáveis legais, e fornecer dados verdadeiros, completos e atualizados.",
        "Você é responsável por manter sua senha em sigilo e pelas ações realizadas na sua conta. Se suspeitar de uso indevido, avise-nos imediatamente. Podemos suspender contas usadas para fraude ou em violação destes termos, sem prejuízo dos pedidos legitimamente pagos.",
      ],
    },
    {
      id: "produtos",
      title: "3. Produtos sob encomenda e revelações",
      blocks: [
        "Cada figura é produzida somente depois da confirmação do pagamento. Cada coleção ganha um novo personagem por mês, revelado no dia 15, ao meio-dia (horário de Brasília). Antes disso, há as fases Early Preview (a partir do dia 1) e Preview (a partir do dia 8), com pistas sobre o personagem.",
        "Quem compra antes da revelação adquire o “Personagem Misterioso” do mês, como uma caixa misteriosa, sabendo apenas as pistas divulgadas. Essa compra tem todos os direitos de qualquer outra, inclusive o de arrependimento.",
        [
          "O personagem do mês pode ser comprado avulso por qualquer pessoa.",
          "Personagens já lançados são exclusivos para assinantes da respectiva coleção, pelo preço normal.",
          "Personagens “Em Breve” ainda não estão à venda.",
        ],
        "As imagens do site são renderizações ilustrativas. Por se tratar de produção artesanal sob encomenda, podem ocorrer pequenas variações de pintura e acabamento, que não alteram o personagem, a escala, os materiais nem a qualidade anunciados.",
      ],
    },
    {
      id: "precos-e-pagamento",
      title: "4. Preços e pagamento",
      blocks: [
        "Os preços são exibidos em reais (R$) e já incluem os impostos. O frete, quando cobrado, é informado no carrinho antes da finalização da compra. Vale o preço exibido no momento da confirmação do pedido.",
        "Os pagamentos são processados pelo Mercado Pago: cartão de crédito em até 12 parcelas, PIX ou boleto bancário, que vence em 3 dias. O CPF é solicitado quando a forma de pagamento exigir. O pedido é confirmado após a aprovação do pagamento; boletos não pagos até o vencimento são cancelados automaticamente, sem qualquer cobrança.",
      ],
    },
    {
      id: "prazos",
      title: "5. Produção, envio e entrega",
      blocks: [
        `O prazo estimado é de ${LEAD_TIME_TEXT}, contado a partir da aprovação do pagamento. Os envios seguem um calendário fixo:`,
        [
          "pagamentos aprovados do dia 1 ao dia 14 são enviados no dia 30 do mesmo mês (ou no último dia, em meses mais curtos);",
          "pagamentos aprovados a partir do dia 15 são enviados no dia 15 do mês seguinte.",
        ],
        "Assinantes têm frete grátis. Nas compras avulsas, o frete é calculado pelo CEP, com opções dos Correios (PAC e SEDEX) e de transportadoras parceiras. O código de rastreio é enviado por e-mail e pode ser consultado na página Rastrear Pedido.",
        "Se houver atraso em relação ao prazo informado, avisaremos você e você poderá optar por aguardar ou cancelar o pedido com reembolso integral. Confira o endereço de entrega: reenvios causados por endereço incorreto ou incompleto informado pelo cliente podem ter o frete cobrado.",
      ],
    },
    {
      id: "arrependimento",
      title: "6. Direito de arrependimento e reembolso",
      blocks: [
        "Nas compras feitas pela internet, você pode desistir em até 7 dias corridos contados do recebimento do produto, sem precisar justificar (art. 49 do CDC). As figuras são produzidas sob encomenda, mas não são personalizadas individualmente; por isso, o direito de arrependimento vale normalmente. Você também pode cancelar antes do envio.",
        `Para desistir, fale com o atendimento pelo e-mail ${supportEmail} ou pela Central de suporte. Enviaremos as instruções e o código de postagem para a devolução, sem custo para você. Pedimos que o produto seja devolvido com seus acessórios e, se possível, na embalagem original.`,
        "Todos os valores pagos, inclusive o frete, são devolvidos, atualizados, pelo mesmo meio de pagamento: no cartão de crédito, solicitamos imediatamente o estorno à operadora, que pode aparecer em até duas faturas; no PIX e no boleto, a devolução é feita por PIX ou transferência para uma conta de titularidade do comprador.",
      ],
    },
    {
      id: "garantia",
      title: "7. Garantia contra defeitos",
      blocks: [
        "Os produtos têm garantia legal de 90 dias contra defeitos (art. 26, II, do CDC), contados da entrega no caso de defeitos aparentes ou, no caso de defeitos ocultos, do momento em que forem evidenciados.",
        "Constatado o defeito, temos até 30 dias para resolvê-lo. Se não for resolvido nesse prazo, você pode escolher entre a substituição do produto, a devolução do valor pago, atualizado, ou o abatimento proporcional do preço (art. 18 do CDC). A garantia não cobre danos causados por mau uso, quedas ou exposição a calor excessivo após a entrega.",
      ],
    },
    {
      id: "avarias-e-extravios",
      title: "8. Avarias e extravios no transporte",
      blocks: [
        "Se o produto chegar danificado, comunique-nos em até 7 dias após a entrega, com fotos da embalagem e do produto, para que possamos agilizar a troca. Esse prazo serve para facilitar a apuração com a transportadora e não reduz a garantia legal do item anterior.",
        "Se o pedido não for entregue em até 15 dias úteis após o envio, abrimos uma investigação com a transportadora. Confirmado o extravio, enviamos uma nova unidade ou devolvemos o valor integral, à sua escolha, sem custo adicional.",
      ],
    },
    {
      id: "assinaturas",
      title: "9. Assinaturas mensal e bimestral",
      blocks: [
        "O Plano Mensal inclui 1 personagem por mês e o Plano Bimestral inclui 2 personagens a cada ciclo de 2 meses da coleção escolhida, nos valores exibidos na página de planos. A cobrança é feita a cada ciclo pelo meio de pagamento cadastrado.",
        "Você pode cancelar a assinatura a qualquer momento, sem taxa de cancelamento nem fidelidade. O cancelamento impede as cobranças seguintes; ciclos já pagos são produzidos e entregues normalmente, sem prejuízo do direito de arrependimento. Eventuais reajustes de preço serão comunicados com pelo menos 30 dias de antecedência, e você poderá cancelar antes que passem a valer.",
      ],
    },
    {
      id: "planos-pre-pagos",
      title: "10. Planos pré-pagos",
      blocks: [
        `Os planos pré-pagos são pagos de uma só vez, com desconto: ${periodSummary}. O valor total é o preço do personagem da coleção multiplicado pelo número de meses, menos o desconto. Você recebe 1 personagem por mês durante o período contratado.`,
        "Os planos pré-pagos não têm renovação automática: ao fim do período, nada mais é cobrado, e você decide se quer contratar um novo plano.",
        "Cancelamento: em até 7 dias da contratação, o reembolso é integral. Depois disso, devolvemos, sem multa, o valor proporcional aos meses cujos personagens ainda não entraram em produção, calculado sobre o valor efetivamente pago (com o desconto). Os personagens já produzidos ou enviados são entregues normalmente, e cada um deles conta com o direito de arrependimento do item 6. O reembolso é feito pelo mesmo meio de pagamento em até 10 dias úteis após a confirmação do cancelamento.",
      ],
    },
    {
      id: "propriedade-intelectual",
      title: "11. Propriedade intelectual",
      blocks: [
        "Textos, imagens, renderizações, marca e layout do site pertencem à Legendarium ou aos seus licenciadores e não podem ser copiados ou usados comercialmente sem autorização. Nomes e personagens de terceiros mencionados pertencem aos seus respectivos titulares. A compra de uma figura não transfere direitos de propriedade intelectual sobre o personagem ou o seu design.",
      ],
    },
    {
      id: "comunidade",
      title: "12. Uso da comunidade",
      blocks: [
        "Ao publicar avaliações, comentários, fotos ou palpites sobre os personagens misteriosos, você se compromete a respeitar as demais pessoas e a lei. Não são permitidos:",
        [
          "conteúdo ofensivo, discriminatório, violento ou que exponha dados pessoais de terceiros;",
          "spam, propaganda não autorizada ou links maliciosos;",
          "conteúdo que viole direitos autorais, marcas ou outros direitos de terceiros;",
          "vazamento de informações obtidas de forma indevida ou tentativas de burlar a segurança do site.",
        ],
        "Podemos remover conteúdos que violem estas regras e, em casos graves ou repetidos, suspender o acesso à comunidade. Você mantém os direitos sobre o que publica e nos autoriza a exibi-lo no site, de forma gratuita, enquanto o conteúdo estiver publicado.",
      ],
    },
    {
      id: "responsabilidade",
      title: "13. Responsabilidade",
      blocks: [
        "Respondemos pelos produtos que vendemos e pelos serviços que prestamos, nos termos do CDC. Não nos responsabilizamos por danos decorrentes de mau uso do produto, de informações incorretas fornecidas pelo cliente ou de eventos de caso fortuito ou força maior, hipóteses em que avisaremos você e buscaremos a melhor solução. Nada nestes termos limita ou exclui direitos que a lei garante ao consumidor.",
      ],
    },
    {
      id: "alteracoes",
      title: "14. Alterações destes termos",
      blocks: [
        "Podemos atualizar estes termos para refletir mudanças na lei ou na loja. As alterações valem a partir da publicação e não atingem pedidos já confirmados nem planos já contratados, que seguem as condições vigentes na data da compra.",
      ],
    },
    {
      id: "foro",
      title: "15. Lei aplicável e foro",
      blocks: [
        "Estes termos são regidos pelas leis brasileiras. Fica eleito o foro do domicílio do consumidor para resolver qualquer controvérsia (art. 101, I, do CDC). Antes de recorrer à Justiça, convidamos você a falar com o nosso atendimento; você também pode usar a plataforma consumidor.gov.br ou o Procon.",
      ],
    },
    {
      id: "contato",
      title: "16. Contato",
      blocks: [
        `Atendimento pelo WhatsApp ${formatWhatsapp(whatsappNumber)}, pelo e-mail ${supportEmail} e por chamados abertos na página de suporte do site. Horário de atendimento: ${supportHours}. Respondemos os chamados em até 24 horas, dentro do horário de atendimento.`,
      ],
    },
  ]
}

const LAST_UPDATED = "21 de novembro de 2026"

function TermsPage() {
  const settings = useStoreSettings()
  const { trpc } = Route.useRouteContext()
  const { data: prepaid } = useSuspenseQuery(trpc.catalog.prepaidPlans.queryOptions())
  return (
    <LegalDocument
      title="Termos de Uso"
      lastUpdated={LAST_UPDATED}
      sections={termsSections(settings, plansSummary(prepaid.plans))}
      email={settings.supportEmail}
      footer={
        <>
          Veja também a{" "}
          <Link to="/privacy" className="text-accent underline underline-offset-2">
            Política de Privacidade
          </Link>
          , os{" "}
          <Link to="/planos" className="text-accent underline underline-offset-2">
            planos
          </Link>{" "}
          e a{" "}
          <Link to="/faq" hash="contato" className="text-accent underline underline-offset-2">
            Central de suporte
          </Link>
          .
        </>
      }
    />
  )
}
