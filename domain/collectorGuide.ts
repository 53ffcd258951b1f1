import { type CivilDate, formatDateBR } from "./calendar"
import { PHASE_LABELS } from "./catalog/reveal"
import { DAMAGE_CLAIM_DAYS, MISSING_CHECK_BUSINESS_DAYS } from "./fulfilment/afterSales"
import { type Cents, formatBRL } from "./money"
import { formatPhone } from "./phone"
import {
  BATCH_SHIP_DAY,
  NEXT_BATCH_SHIP_DAY,
  PAYMENT_CUTOFF_DAY,
  PRODUCTION_DAYS,
  REVEAL_DAY,
  SHIPPING_BUSINESS_DAYS,
  TOTAL_DAYS,
} from "./shipping/schedule"
import type { PricedRecurringPlan } from "./subscriptions/plans"
import type { PrepaidPlanQuote } from "./subscriptions/prepaidPlans"

/**
 * "Guia do Colecionador", the PDF the support page links to: written here from the store's own rules and
 * data (schedule, plans, claims, contacts, collections), so the guide never disagrees with the site. The
 * renderer only lays the blocks out.
 */

export type GuideBlock =
  | { readonly kind: "paragraph"; readonly text: string }
  | { readonly kind: "bullets"; readonly items: readonly string[] }
  /** A two-or-more-column table; the first row is the header. */
  | { readonly kind: "table"; readonly rows: readonly (readonly string[])[] }

export interface GuideSection {
  readonly heading: string
  readonly blocks: readonly GuideBlock[]
  /** Starts on a new page (long sections read better from the top of a page). */
  readonly newPage?: boolean
}

export interface GuideDocument {
  readonly title: string
  readonly subtitle: string
  /** "Atualizado em 27/11/2026". */
  readonly edition: string
  readonly sections: readonly GuideSection[]
  /** Printed at the foot of every page. */
  readonly footer: string
}

export interface GuideInput {
  readonly storeName: string
  readonly publicUrl: string
  readonly today: CivilDate
  readonly support: {
    readonly email: string
    readonly hours: string
    /** Digits only, with DDD (and maybe 55); empty when the store has none. */
    readonly whatsapp: string
  }
  readonly collections: readonly {
    readonly name: string
    readonly description: string
    readonly price: Cents
  }[]
  /** The recurring plans priced for the reference character price. */
  readonly recurringPlans: readonly PricedRecurringPlan[]
  /** The prepaid plans on sale, priced for the reference character price. */
  readonly prepaidPlans: readonly PrepaidPlanQuote[]
  readonly referencePrice: Cents
}

const paragraph = (text: string): GuideBlock => ({ kind: "paragraph", text })
const bullets = (...items: string[]): GuideBlock => ({ kind: "bullets", items })

/** "(11) 98765-4321" from the stored digits (a leading country code 55 is dropped). */
function whatsappLabel(digits: string): string {
  const local = digits.length > 11 && digits.startsWith("55") ? digits.slice(2) : digits
  return /^\d{10,11}$/.test(local) ? formatPhone(local) : digits
}

export function collectorGuide(input: GuideInput): GuideDocument {
  const { support } = input
  const monthly = input.recurringPlans.find((p) => p.frequencyMonths === 1)
  const contacts = [
    `E-mail: ${support.email}`,
    `Horário de atendimento: ${support.hours}`,
    ...(support.whatsapp ? [`WhatsApp: ${whatsappLabel(support.whatsapp)}`] : []),
    `Site: ${input.publicUrl}/suporte`,
  ]
  const sections: GuideSection[] = [
    {
      heading: "Bem-vindo à coleção",
      blocks: [
        paragraph(
          `Este guia reúne tudo o que você precisa saber para colecionar com a ${input.storeName}: como as ` +
            "figuras são produzidas, quando elas são enviadas, como funcionam as revelações mensais, os planos, " +
            "os cuidados com as peças e o que fazer se algo der errado com a entrega.",
        ),
        paragraph(
          "Os valores e prazos deste guia são os mesmos do site no dia em que ele foi gerado. Se algo mudar, " +
            "baixe o guia novamente: ele é sempre gerado a partir dos dados atuais da loja.",
        ),
      ],
    },
    {
      heading: "Como funciona a produção sob encomenda",
      blocks: [
        paragraph(
          "Cada figura é produzida depois que o pagamento é aprovado. Não mantemos estoque parado: a peça é " +
            "fabricada, pintada à mão e conferida especialmente para o seu pedido.",
        ),
        bullets(
          `Produção: de ${PRODUCTION_DAYS.min} a ${PRODUCTION_DAYS.max} dias após a aprovação do pagamento.`,
          `Envio: de ${SHIPPING_BUSINESS_DAYS.min} a ${SHIPPING_BUSINESS_DAYS.max} dias úteis, conforme a transportadora e o seu CEP.`,
          `Prazo total estimado: de ${TOTAL_DAYS.min} a ${TOTAL_DAYS.max} dias.`,
          "Você acompanha cada etapa (pedido confirmado, em produção, postado, em trânsito) na página Rastrear pedido.",
        ),
      ],
    },
    {
      heading: "Calendário de envios",
      blocks: [
        paragraph(
          "Os pedidos são enviados em lotes, duas vezes por mês, de acordo com o dia em que o pagamento foi aprovado:",
        ),
        {
          kind: "table",
          rows: [
            ["Pagamento aprovado", "Envio do lote"],
            [
              `Até o dia ${PAYMENT_CUTOFF_DAY - 1} do mês`,
              `Dia ${BATCH_SHIP_DAY} do mesmo mês (ou o último dia, em meses mais curtos)`,
            ],
            [`A partir do dia ${PAYMENT_CUTOFF_DAY}`, `Dia ${NEXT_BATCH_SHIP_DAY} do mês seguinte`],
          ],
        },
        paragraph(
          `Exemplo: um pagamento aprovado em 10 de março é enviado em ${BATCH_SHIP_DAY} de março; um aprovado ` +
            `em 20 de março é enviado em ${NEXT_BATCH_SHIP_DAY} de abril.`,
        ),
      ],
    },
    {
      heading: "A revelação mensal",
      blocks: [
        paragraph(
          `Todo mês cada coleção ganha um novo personagem, revelado no dia ${REVEAL_DAY}. Até lá, a revelação ` +
            "acontece em fases:",
        ),
        {
          kind: "table",
          rows: [
            ["Fase", "Quando", "O que você vê"],
            [PHASE_LABELS.early_preview, "Dia 1", "As primeiras pistas sobre o personagem do mês."],
            [PHASE_LABELS.preview, "Dia 8", "Mais pistas e a silhueta da figura."],
            [
              PHASE_LABELS.final,
              `Dia ${REVEAL_DAY}, ao meio-dia`,
              "O personagem é revelado e pode ser comprado.",
            ],
          ],
        },
        paragraph(
          "Os horários seguem o horário de Brasília (America/Sao_Paulo). Você pode assinar o calendário de " +
            "revelações de cada coleção no seu celular pela página da coleção.",
        ),
      ],
    },
    {
      heading: "Assinatura ou plano pré-pago?",
      blocks: [
        paragraph(
          "Há duas formas de receber um personagem por mês sem precisar comprar cada um. Os preços abaixo " +
            `valem para coleções de ${formatBRL(input.referencePrice)} por personagem; em outras coleções o ` +
            "desconto é proporcional.",
        ),
        paragraph(
          "Assinatura: cobrança recorrente no cartão pelo Mercado Pago, no dia 1 de cada mês. Você pode pausar, " +
            "reativar ou cancelar quando quiser, sem multa; o cancelamento vale até o fim do período pago.",
        ),
        {
          kind: "table",
          rows: [
            ["Assinatura", "Cobrança", "Por mês", "Economia"],
            ...input.recurringPlans.map((p) => [
              p.name,
              `${formatBRL(p.price)} ${p.frequencyMonths === 1 ? "por mês" : "a cada 2 meses"}`,
              formatBRL(p.perMonth),
              p.saving > 0 ? `${formatBRL(p.saving)} (${p.savingPercent}%)` : "-",
            ]),
          ],
        },
        paragraph(
          "Plano pré-pago: um pagamento único por um período fechado, com desconto e sem renovação automática. " +
            "Os personagens do período são enviados mês a mês.",
        ),
        input.prepaidPlans.length > 0
          ? {
              kind: "table",
              rows: [
                ["Plano", "Meses", "Total", "Por mês", "Desconto"],
                ...input.prepaidPlans.map((p) => [
                  p.name,
                  String(p.months),
                  formatBRL(p.total),
                  formatBRL(p.perMonth),
                  `${p.discountPercent}% (${formatBRL(p.discount)})`,
                ]),
              ],
            }
          : paragraph("No momento não há planos pré-pagos à venda."),
        bullets(
          "Assinantes e planos têm frete grátis em todos os envios.",
          "Assinantes têm acesso aos personagens de meses anteriores pelo preço normal.",
          "Quem não assina compra conforme a disponibilidade e paga o frete à parte.",
          ...(monthly ? [`Sem plano, cada personagem custa ${formatBRL(monthly.price)} mais o frete.`] : []),
        ),
      ],
    },
    {
      heading: "Cuidados com as suas figuras",
      blocks: [
        bullets(
          "Abra a caixa com cuidado, sem estiletes perto da figura, e guarde a embalagem original: ela protege a peça numa mudança ou numa troca.",
          "Mantenha as figuras longe da luz direta do sol e de fontes de calor: a luz desbota a pintura e o calor deforma o PVC e a resina.",
          "Limpe a poeira com um pincel macio ou um soprador de ar; não use água, álcool nem produtos de limpeza.",
          "Segure a figura pela base, nunca por partes finas como espadas, cabelos ou capas.",
          "Em vitrines fechadas, deixe um pouco de ventilação: a umidade favorece fungos e manchas.",
          "Peças com encaixe: monte e desmonte sem forçar; se estiver justo, aqueça o encaixe levemente com as mãos.",
        ),
      ],
    },
    {
      heading: "Problemas com a entrega",
      blocks: [
        paragraph(
          `Item danificado: abra a solicitação em até ${DAMAGE_CLAIM_DAYS} dias após o recebimento, pela ` +
            "página do pedido, com fotos da caixa e da figura. Guarde a embalagem até a análise terminar.",
        ),
        paragraph(
          `Item não recebido: se o pedido não chegou, a verificação de extravio pode ser aberta ${MISSING_CHECK_BUSINESS_DAYS} ` +
            "dias úteis após o envio. Antes disso, confira o rastreamento: muitas entregas só atrasam.",
        ),
        paragraph("Respondemos os chamados em até 24 horas."),
      ],
    },
    {
      heading: "Fale com a gente",
      blocks: [bullets(...contacts)],
    },
    {
      heading: "Coleções ativas",
      newPage: input.collections.length > 6,
      blocks:
        input.collections.length > 0
          ? [
              {
                kind: "table",
                rows: [
                  ["Coleção", "Preço por personagem"],
                  ...input.collections.map((c) => [c.name, formatBRL(c.price)]),
                ],
              },
              ...input.collections
                .filter((c) => c.description.trim().length > 0)
                .map((c) => paragraph(`${c.name}: ${c.description.trim()}`)),
            ]
          : [paragraph("No momento não há coleções ativas. Volte em breve!")],
    },
  ]
  return {
    title: "Guia do Colecionador",
    subtitle: input.storeName,
    edition: `Atualizado em ${formatDateBR(input.today)}`,
    sections,
    footer: `${input.storeName} · Guia do Colecionador · ${input.publicUrl}`,
  }
}
