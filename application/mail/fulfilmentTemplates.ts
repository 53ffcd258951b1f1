import { formatDateBR } from "../../domain/calendar"
import { carrierTrackingUrl } from "../../domain/fulfilment/carriers"
import type { Shipment } from "../../domain/fulfilment/fulfilment"
import { formatBRL } from "../../domain/money"
import {
  itemRows,
  type OrderLetterInput,
  orderReason,
  orderTrackingCode,
  trackingPageUrl,
} from "./orderTemplates"
import { compose, type EmailContent, greeting, type StoreIdentity, webUrl } from "./templates"

/** The customer's order page. */
export const myOrderUrl = (store: StoreIdentity, orderId: string) =>
  webUrl(`${store.publicUrl}/perfil/pedidos/${encodeURIComponent(orderId)}`)

const follow = (store: StoreIdentity, orderId: string) => ({
  label: "Acompanhar meu pedido",
  url: myOrderUrl(store, orderId),
})

export function productionStartedEmail({ order, name, store }: OrderLetterInput): EmailContent {
  return compose(
    {
      subject: `Seu pedido ${order.number} está em produção — ${store.name}`,
      preheader: "Suas peças começaram a ser produzidas.",
      heading: "Em produção",
      paragraphs: [
        greeting(name),
        `Boas notícias: o pedido ${order.number} entrou em produção.`,
        ...(order.shipsOn
          ? [`A previsão de envio é ${formatDateBR(order.shipsOn)}. Avisaremos quando for postado.`]
          : []),
      ],
      rows: itemRows(order),
      action: follow(store, order.id),
      reason: orderReason(store),
    },
    store,
  )
}

export function orderShippedEmail({
  order,
  name,
  store,
  shipment,
}: OrderLetterInput & { shipment: Shipment }): EmailContent {
  const carrierPage = carrierTrackingUrl(shipment.carrier, shipment.trackingCode)
  return compose(
    {
      subject: `Seu pedido ${order.number} foi enviado — ${store.name}`,
      preheader: `Código de rastreamento ${order.trackingCode} · ${shipment.carrier}: ${shipment.trackingCode}.`,
      heading: "Pedido enviado",
      paragraphs: [
        greeting(name),
        `O pedido ${order.number} foi postado via ${shipment.carrier} (${shipment.service}).`,
        `A entrega está prevista para ${formatDateBR(shipment.estimatedDelivery)}.`,
      ],
      code: [
        orderTrackingCode(order, store),
        {
          label: `Código da transportadora (${shipment.carrier})`,
          value: shipment.trackingCode,
          ...(carrierPage ? { note: `Acompanhe também no site da transportadora: ${carrierPage}` } : {}),
        },
      ],
      action: { label: "Rastrear pedido", url: trackingPageUrl(store, order.trackingCode) },
      reason: orderReason(store),
    },
    store,
  )
}

export function orderDeliveredEmail({ order, name, store }: OrderLetterInput): EmailContent {
  return compose(
    {
      subject: `Pedido ${order.number} entregue — ${store.name}`,
      preheader: "Conte para a gente como foi: avalie sua entrega.",
      heading: "Pedido entregue",
      paragraphs: [
        greeting(name),
        `O pedido ${order.number} foi entregue. Esperamos que você goste das suas peças!`,
        "Que tal avaliar a entrega? Leva menos de um minuto e ajuda outros colecionadores.",
        "Se alguma peça chegou danificada, você tem 7 dias para nos avisar pela página do pedido; e, se mudar de ideia, pode desistir da compra no mesmo prazo.",
      ],
      action: { label: "Avaliar minha entrega", url: myOrderUrl(store, order.id) },
      reason: orderReason(store),
    },
    store,
  )
}

export function orderCancelledEmail({
  order,
  name,
  store,
  refund,
}: OrderLetterInput & { refund: number }): EmailContent {
  return compose(
    {
      subject: `Pedido ${order.number} cancelado — ${store.name}`,
      preheader:
        refund > 0
          ? `Reembolso de ${formatBRL(refund)} a caminho.`
          : `O pedido ${order.number} foi cancelado.`,
      heading: "Pedido cancelado",
      paragraphs: [
        greeting(name),
        `O pedido ${order.number} foi cancelado.`,
        ...(refund > 0
          ? [
              `Vamos devolver ${formatBRL(refund)} pela mesma forma de pagamento. Avisaremos quando o reembolso for concluído; no cartão, o valor pode levar até duas faturas para aparecer.`,
            ]
          : []),
      ],
      rows: itemRows(order),
      action: follow(store, order.id),
      reason: orderReason(store),
    },
    store,
  )
}

export function orderRefundedEmail({
  order,
  name,
  store,
  amount,
  full,
}: OrderLetterInput & { amount: number; full: boolean }): EmailContent {
  return compose(
    {
      subject: `Reembolso do pedido ${order.number} — ${store.name}`,
      preheader: `Devolvemos ${formatBRL(amount)}.`,
      heading: full ? "Reembolso concluído" : "Reembolso parcial concluído",
      paragraphs: [
        greeting(name),
        `Devolvemos ${formatBRL(amount)} referentes ao pedido ${order.number}, pela mesma forma de pagamento.`,
        "No cartão de crédito, o valor pode levar até duas faturas para aparecer; no PIX, volta para a conta de origem.",
      ],
      action: follow(store, order.id),
      reason: orderReason(store),
    },
    store,
  )
}

export function withdrawalReceivedEmail({ order, name, store }: OrderLetterInput): EmailContent {
  return compose(
    {
      subject: `Recebemos seu pedido de devolução — ${order.number}`,
      preheader: "Vamos analisar e responder em breve.",
      heading: "Pedido de devolução recebido",
      paragraphs: [
        greeting(name),
        `Recebemos seu pedido de devolução do pedido ${order.number} (direito de arrependimento, art. 49 do Código de Defesa do Consumidor).`,
        "Vamos analisar e enviar as instruções de devolução por e-mail. O reembolso integral é feito assim que recebermos o produto.",
      ],
      action: follow(store, order.id),
      reason: orderReason(store),
    },
    store,
  )
}

export function withdrawalApprovedEmail({
  order,
  name,
  store,
  note,
}: OrderLetterInput & { note: string | null }): EmailContent {
  return compose(
    {
      subject: `Devolução aprovada — pedido ${order.number}`,
      preheader: "Veja como enviar o produto de volta.",
      heading: "Devolução aprovada",
      paragraphs: [
        greeting(name),
        `Sua devolução do pedido ${order.number} foi aprovada.`,
        ...(note ? [note] : []),
        "Embale o produto na embalagem original, se possível. Assim que ele chegar, devolvemos o valor integral pela mesma forma de pagamento.",
      ],
      action: follow(store, order.id),
      reason: orderReason(store),
    },
    store,
  )
}
