import { formatDateBR, SAO_PAULO_TIME_ZONE } from "../../domain/calendar"
import { formatBRL, multiply } from "../../domain/money"
import { addressLine } from "../../domain/orders/address"
import { serialLabel } from "../../domain/orders/editions"
import type { Order, OrderLine, PaymentMethod } from "../../domain/orders/order"
import { PAYMENT_MESSAGES, rejectionReason } from "../../domain/orders/paymentMessages"
import { orderTotalRows } from "../../domain/orders/totalRows"
import { leadTimeFor } from "../../domain/shipping/schedule"
import { orderPlanLabel } from "../../domain/subscriptions/prepaidPlans"
import type { BoletoInstructions, PixInstructions } from "../ports/PaymentGateway"
import {
  type CodeBlock,
  compose,
  type EmailContent,
  greeting,
  type LetterRow,
  type StoreIdentity,
  webUrl,
} from "./templates"

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SAO_PAULO_TIME_ZONE,
})
const dateOnly = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SAO_PAULO_TIME_ZONE,
})

/** "24/11/2026 às 13:00", São Paulo wall time. */
export function when(instant: number): string {
  const parts = Object.fromEntries(dateTime.formatToParts(instant).map((p) => [p.type, p.value]))
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`
}
const day = (instant: number) => dateOnly.format(instant)

/** The order's page, where its status, the PIX QR Code and a new try at paying are shown. */
export const orderPageUrl = (store: StoreIdentity, orderId: string) =>
  webUrl(`${store.publicUrl}/payment-success?pedido=${encodeURIComponent(orderId)}`)

/** /rastrear with the code filled in: a link the customer can share. */
export const trackingPageUrl = (store: StoreIdentity, code: string) =>
  webUrl(`${store.publicUrl}/rastrear?codigo=${encodeURIComponent(code)}`)

/** The order's own tracking code, the one /rastrear takes, with where to use it: /rastrear tells people to look here. */
export const orderTrackingCode = (order: Pick<Order, "trackingCode">, store: StoreIdentity): CodeBlock => ({
  label: "Código de rastreamento",
  value: order.trackingCode,
  note: `Acompanhe seu pedido em Rastrear Pedido com este código, sem precisar entrar na conta: ${trackingPageUrl(store, order.trackingCode)}`,
})

const shopUrl = (store: StoreIdentity) => webUrl(`${store.publicUrl}/colecoes`)

export interface OrderLetterInput {
  readonly order: Order
  /** The customer's name, for the greeting. */
  readonly name: string
  readonly store: StoreIdentity
}

/** "edição nº 37/500", "edições nº 37/500 e 38/500"; before payment, the size of the edition. */
function editionDetail(line: OrderLine): string | undefined {
  if (line.editionSize === null) return undefined
  const size = line.editionSize
  if (line.serials.length === 0)
    return size === 1 ? "edição limitada de 1 unidade" : `edição limitada de ${size} unidades`
  const labels = line.serials.map((serial) => serialLabel(serial, size))
  if (labels.length === 1) return `edição nº ${labels[0]}`
  return `edições nº ${labels.slice(0, -1).join(", ")} e ${labels.at(-1)}`
}

/** A plan order's one row: what it bought ('Plano Trimestral — Coleção X, 3 meses'), at its price before discount. */
const planRows = (order: Order): LetterRow[] =>
  order.plan
    ? [
        {
          label: orderPlanLabel(order.plan),
          value: formatBRL(order.totals.subtotal),
          detail: "um personagem por mês, com frete grátis; sem renovação automática",
        },
      ]
    : []

export const itemRows = (order: Order): LetterRow[] => [
  ...planRows(order),
  ...order.lines.map((line) => {
    const detail = [line.collectionName && `Coleção ${line.collectionName}`, editionDetail(line)]
      .filter(Boolean)
      .join(" · ")
    return {
      label: `${line.name} ×${line.quantity}`,
      value: formatBRL(multiply(line.unitPrice, line.quantity)),
      ...(detail ? { detail } : {}),
    }
  }),
]

/** The totals as every page shows them (one helper, domain/orders/totalRows.ts), set apart from the items. */
const totalRows = (order: Order): LetterRow[] =>
  orderTotalRows(order).map((row) => ({
    label: row.label,
    value: row.value,
    ...(row.kind === "subtotal" ? { divider: true } : {}),
    ...(row.kind === "total" ? { strong: true } : {}),
  }))

const hasNumberedLines = (order: Order) => order.lines.some((line) => line.editionSize !== null)

const delivery = (order: Order) => `Entrega para ${order.address.name}: ${addressLine(order.address)}.`

export const orderReason = (store: StoreIdentity) =>
  `Você recebeu este e-mail porque fez um pedido na ${store.name} com a conta ligada a este endereço. Se não reconhece este pedido, fale com a gente pelo ${store.supportEmail}.`

function methodLabel(method: PaymentMethod, installments: number): string {
  switch (method) {
    case "card":
      return installments > 1 ? `cartão de crédito em ${installments}x` : "cartão de crédito"
    case "pix":
      return "PIX"
    case "boleto":
      return "boleto"
    case "checkout_pro":
      return "Mercado Pago"
  }
}

export function orderReceivedEmail({ order, name, store }: OrderLetterInput): EmailContent {
  return compose(
    {
      subject: `Recebemos seu pedido ${order.number} — ${store.name}`,
      preheader: `Pedido ${order.number}, de ${formatBRL(order.totals.total)}: agora é só concluir o pagamento.`,
      heading: "Recebemos seu pedido",
      paragraphs: [
        greeting(name),
        `Obrigado pela sua compra! Recebemos o pedido ${order.number}, de ${formatBRL(order.totals.total)}.`,
        hasNumberedLines(order)
          ? `As peças de edição numerada ficam reservadas para você até ${when(order.payBy)}. Assim que o pagamento for confirmado, elas recebem sua numeração e avisamos você por e-mail.`
          : "Assim que o pagamento for confirmado, avisamos você por e-mail.",
        delivery(order),
      ],
      rows: [...itemRows(order), ...totalRows(order)],
      code: orderTrackingCode(order, store),
      action: { label: "Acompanhar meu pedido", url: orderPageUrl(store, order.id) },
      reason: orderReason(store),
    },
    store,
  )
}

export function pixInstructionsEmail({
  order,
  name,
  store,
  pix,
  amount,
}: OrderLetterInput & { pix: PixInstructions; amount: number }): EmailContent {
  // The order's deadline: the code itself is sent to the gateway with a minute more (domain/orders/deadlines.ts).
  const expiresAt = Math.min(pix.expiresAt ?? order.payBy, order.payBy)
  return compose(
    {
      subject: `Pague seu pedido ${order.number} com PIX — ${store.name}`,
      preheader: `Use o PIX copia e cola até ${when(expiresAt)} para concluir o pedido ${order.number}.`,
      heading: "Falta só pagar o PIX",
      paragraphs: [
        greeting(name),
        `Para concluir o pedido ${order.number}, pague ${formatBRL(amount)} com PIX até ${when(expiresAt)} (horário de Brasília).`,
        (medium) =>
          `No app do seu banco, escolha pagar com PIX copia e cola e cole o código abaixo. Prefere o QR Code? ${medium === "html" ? "Ele está na página do pedido: use o botão abaixo" : "Ele está na página do pedido, no link abaixo"}.`,
        "A confirmação chega em poucos instantes, e avisamos você por e-mail.",
      ],
      code: {
        label: "PIX copia e cola",
        value: pix.qrCode,
        note: `Este código vale até ${when(expiresAt)}. Depois disso, o pedido é encerrado.`,
      },
      action: { label: "Ver o QR Code do PIX", url: orderPageUrl(store, order.id) },
      reason: orderReason(store),
    },
    store,
  )
}

export function boletoInstructionsEmail({
  order,
  name,
  store,
  boleto,
  amount,
}: OrderLetterInput & { boleto: BoletoInstructions; amount: number }): EmailContent {
  const due = boleto.dueAt === null ? "" : ` até ${day(boleto.dueAt)}`
  return compose(
    {
      subject: `Boleto do pedido ${order.number} — ${store.name}`,
      preheader: `Pague ${formatBRL(amount)}${due} para concluir o pedido ${order.number}.`,
      heading: "Seu boleto está pronto",
      paragraphs: [
        greeting(name),
        `Para concluir o pedido ${order.number}, pague o boleto de ${formatBRL(amount)}${due}.`,
        "Você pode pagar no app ou no site do seu banco com a linha digitável abaixo, ou imprimir o boleto e pagar em uma lotérica ou agência.",
        "A compensação leva até 3 dias úteis. Assim que ela acontecer, avisamos você por e-mail.",
      ],
      code: { label: "Linha digitável", value: boleto.digitableLine },
      action: {
        label: "Abrir o boleto",
        url: webUrl(boleto.url),
        ...(boleto.dueAt === null ? {} : { validity: `Vencimento: ${day(boleto.dueAt)}.` }),
      },
      reason: orderReason(store),
    },
    store,
  )
}

export function paymentApprovedEmail({
  order,
  name,
  store,
  payment,
}: OrderLetterInput & {
  payment: { method: PaymentMethod; amount: number; installments: number }
}): EmailContent {
  const ships = !order.shipsOn
    ? null
    : order.plan
      ? `O primeiro mês do seu plano será enviado em ${formatDateBR(order.shipsOn)}; os seguintes, um por mês.`
      : `Seu pedido será enviado em ${formatDateBR(order.shipsOn)}.`
  return compose(
    {
      subject: `Pagamento aprovado do pedido ${order.number} — ${store.name}`,
      preheader: ships ?? `O pagamento do pedido ${order.number} foi aprovado.`,
      heading: PAYMENT_MESSAGES.approved,
      paragraphs: [
        greeting(name),
        `Recebemos o pagamento de ${formatBRL(payment.amount)} (${methodLabel(payment.method, payment.installments)}) do pedido ${order.number}. Obrigado!`,
        ...(order.lines.some((line) => line.serials.length > 0)
          ? ["Suas peças de edição numerada já têm numeração: ela aparece ao lado de cada item abaixo."]
          : []),
        ...(ships ? [ships] : []),
        `Prazo: ${leadTimeFor(order.shipping)}.`,
        delivery(order),
      ],
      rows: [...itemRows(order), ...totalRows(order)],
      code: orderTrackingCode(order, store),
      action: { label: "Acompanhar meu pedido", url: orderPageUrl(store, order.id) },
      reason: orderReason(store),
    },
    store,
  )
}

export function paymentRejectedEmail({
  order,
  name,
  store,
  statusDetail,
}: OrderLetterInput & { statusDetail: string | null }): EmailContent {
  return compose(
    {
      subject: `Pagamento não aprovado do pedido ${order.number} — ${store.name}`,
      preheader: `Você ainda pode pagar o pedido ${order.number} até ${when(order.payBy)}.`,
      heading: PAYMENT_MESSAGES.notApproved,
      paragraphs: [
        greeting(name),
        `O pagamento do pedido ${order.number} não foi aprovado e nada foi cobrado.`,
        rejectionReason(statusDetail),
        `Você pode tentar de novo, com outro cartão ou outra forma de pagamento, até ${when(order.payBy)}. Depois disso, o pedido é encerrado.`,
        ...(hasNumberedLines(order)
          ? [
              "Enquanto o pagamento não é feito, as peças de edição numerada voltam a ficar disponíveis na loja.",
            ]
          : []),
      ],
      rows: [...itemRows(order), ...totalRows(order)],
      action: { label: "Tentar pagar novamente", url: orderPageUrl(store, order.id) },
      reason: orderReason(store),
    },
    store,
  )
}

/**
 * The customer's payment never reached the gateway (the store stopped mid-checkout): told plainly that nothing
 * was charged and nothing was refused, with the way to pay again while the order still holds its pieces.
 */
export function paymentInterruptedEmail({ order, name, store }: OrderLetterInput): EmailContent {
  return compose(
    {
      subject: `Finalize o pagamento do pedido ${order.number} — ${store.name}`,
      preheader: `Nenhuma cobrança foi feita. Você pode pagar o pedido ${order.number} até ${when(order.payBy)}.`,
      heading: "Seu pagamento não foi concluído",
      paragraphs: [
        greeting(name),
        PAYMENT_MESSAGES.interrupted,
        `Seu pedido ${order.number} continua reservado para você até ${when(order.payBy)}. Depois disso, ele é encerrado.`,
      ],
      rows: [...itemRows(order), ...totalRows(order)],
      action: { label: "Pagar agora", url: orderPageUrl(store, order.id) },
      reason: orderReason(store),
    },
    store,
  )
}

export function orderExpiredEmail({ order, name, store }: OrderLetterInput): EmailContent {
  return compose(
    {
      subject: `Pedido ${order.number} encerrado — ${store.name}`,
      preheader: `O prazo para pagar o pedido ${order.number} terminou.`,
      heading: "Seu pedido foi encerrado",
      paragraphs: [
        greeting(name),
        `O prazo para pagar o pedido ${order.number} terminou sem que recebêssemos o pagamento, então ele foi encerrado.`,
        ...(hasNumberedLines(order)
          ? [
              "As peças de edição numerada que estavam reservadas para você foram liberadas: voltaram para a loja ou para o primeiro da lista de espera.",
            ]
          : []),
        "Se ainda quiser estas peças, é só fazer um novo pedido enquanto houver unidades.",
      ],
      rows: itemRows(order),
      notice: `Já pagou? Fale com a gente pelo ${store.supportEmail} informando o número do pedido, ${order.number}.`,
      action: { label: "Voltar à loja", url: shopUrl(store) },
      reason: orderReason(store),
    },
    store,
  )
}
