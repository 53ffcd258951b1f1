import { addBusinessDays } from "../businessDays"
import { toSaoPauloCivil } from "../calendar"
import { domainEvent } from "../events"
import { type Cents, formatBRL } from "../money"
import {
  type Fulfilment,
  type FulfilmentChange,
  type FulfilmentStatus,
  liveShipment,
  type RefundReason,
  refundable,
  refundedTotal,
  type Shipment,
} from "./fulfilment"
import type { FulfilmentEvent } from "./fulfilmentEvents"

export const refuse = (reason: string): FulfilmentChange => ({ ok: false, reason })
export const changed = (fulfilment: Fulfilment, events: readonly FulfilmentEvent[]): FulfilmentChange => ({
  ok: true,
  fulfilment,
  events,
})
export const ref = (f: Fulfilment) => ({ orderId: f.orderId, userId: f.userId })

// Why a step cannot be taken from where the order stands, in words an administrator or customer reads.
const STANDING: Readonly<Record<FulfilmentStatus, string>> = {
  awaiting_production: "o pedido ainda aguarda produção",
  in_production: "o pedido está em produção",
  produced: "o pedido já foi produzido e aguarda envio",
  shipped: "o pedido já foi enviado",
  in_transit: "o pedido está em trânsito",
  delivered: "o pedido já foi entregue",
  cancelled: "o pedido foi cancelado",
  returned: "o pedido foi devolvido",
  refunded: "o pedido foi reembolsado",
  plan_active:
    "o pedido é um plano pré-pago, que não é produzido nem enviado (seus meses vêm em pedidos próprios)",
}

const notNow = (action: string, f: Fulfilment) => refuse(`Não é possível ${action}: ${STANDING[f.status]}.`)

export function startProduction(f: Fulfilment, now: number): FulfilmentChange {
  if (f.status !== "awaiting_production") return notNow("iniciar a produção", f)
  return changed({ ...f, status: "in_production", productionStartedAt: now }, [
    domainEvent("OrderProductionStarted", f.orderId, ref(f)),
  ])
}

export function markProduced(f: Fulfilment, now: number): FulfilmentChange {
  if (f.status !== "in_production") return notNow("marcar como produzido", f)
  return changed({ ...f, status: "produced", producedAt: now }, [
    domainEvent("OrderProduced", f.orderId, ref(f)),
  ])
}

export interface ShipmentDetails {
  readonly shipmentId: string
  readonly carrier: string
  readonly service: string
  readonly trackingCode: string
}

/** Carrier codes are letters, digits and hyphens ("AA123456789BR", "JD-000123456"). */
const CARRIER_CODE = /^[A-Z0-9-]{6,40}$/

export function normalizeCarrierCode(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, "")
}

/** The day a parcel should arrive: the carrier's business days after it leaves (or would leave). */
export function estimatedDelivery(from: number | Fulfilment["shipsOn"], carrierDays: number) {
  return addBusinessDays(typeof from === "number" ? toSaoPauloCivil(from) : from, carrierDays)
}

export function ship(f: Fulfilment, details: ShipmentDetails, now: number): FulfilmentChange {
  if (f.status !== "produced") return notNow("enviar o pedido", f)
  const carrier = details.carrier.trim()
  const service = details.service.trim()
  const trackingCode = normalizeCarrierCode(details.trackingCode)
  if (!carrier) return refuse("Informe a transportadora.")
  if (!service) return refuse("Informe o serviço de envio.")
  if (!CARRIER_CODE.test(trackingCode))
    return refuse(
      "Código de rastreamento da transportadora inválido: use de 6 a 40 letras, números ou hífens.",
    )
  const shipment: Shipment = {
    id: details.shipmentId,
    status: "shipped",
    carrier,
    service,
    trackingCode,
    shippedAt: now,
    estimatedDelivery: estimatedDelivery(now, f.carrierDays),
    inTransitAt: null,
    deliveredAt: null,
    endedAt: null,
    rating: null,
    review: null,
    ratedAt: null,
  }
  return changed({ ...f, status: "shipped", shipments: [...f.shipments, shipment] }, [
    domainEvent("OrderShipped", f.orderId, {
      ...ref(f),
      shipmentId: shipment.id,
      carrier,
      service,
      trackingCode,
    }),
  ])
}

const withShipment = (f: Fulfilment, shipment: Shipment): Fulfilment => ({
  ...f,
  shipments: f.shipments.map((s) => (s.id === shipment.id ? shipment : s)),
})

export function markInTransit(f: Fulfilment, now: number): FulfilmentChange {
  const shipment = liveShipment(f)
  if (f.status !== "shipped" || !shipment) return notNow("marcar como em trânsito", f)
  return changed(
    withShipment({ ...f, status: "in_transit" }, { ...shipment, status: "in_transit", inTransitAt: now }),
    [domainEvent("OrderInTransit", f.orderId, { ...ref(f), shipmentId: shipment.id })],
  )
}

export function markDelivered(f: Fulfilment, now: number): FulfilmentChange {
  const shipment = liveShipment(f)
  if ((f.status !== "shipped" && f.status !== "in_transit") || !shipment)
    return notNow("marcar como entregue", f)
  return changed(
    withShipment({ ...f, status: "delivered" }, { ...shipment, status: "delivered", deliveredAt: now }),
    [domainEvent("OrderDelivered", f.orderId, { ...ref(f), shipmentId: shipment.id })],
  )
}

/** The carrier gave the parcel up (lost, address not found): the order waits to be sent again. */
export function markShipmentFailed(f: Fulfilment, now: number): FulfilmentChange {
  const shipment = liveShipment(f)
  if ((f.status !== "shipped" && f.status !== "in_transit") || !shipment)
    return notNow("registrar falha na entrega", f)
  return changed(
    withShipment({ ...f, status: "produced" }, { ...shipment, status: "failed", endedAt: now }),
    [domainEvent("ShipmentFailed", f.orderId, { ...ref(f), shipmentId: shipment.id })],
  )
}

export interface RefundRequest {
  readonly refundId: string
  readonly amount: Cents
  readonly reason: RefundReason
  readonly note: string
}

function addRefund(f: Fulfilment, request: RefundRequest, now: number): FulfilmentChange {
  if (f.status === "refunded") return refuse("O pedido já foi reembolsado integralmente.")
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    return refuse("Informe um valor de reembolso maior que zero.")
  const left = refundable(f)
  if (request.amount > left)
    return refuse(`O valor do reembolso é maior que o saldo reembolsável (${formatBRL(left)}).`)
  const refund = {
    id: request.refundId,
    amount: request.amount,
    reason: request.reason,
    note: request.note.trim(),
    status: "pending" as const,
    requestedAt: now,
    settledAt: null,
    gatewayRefundId: null,
  }
  return changed({ ...f, refunds: [...f.refunds, refund] }, [
    domainEvent("RefundRequested", f.orderId, {
      ...ref(f),
      refundId: refund.id,
      amount: refund.amount,
      reason: refund.reason,
    }),
  ])
}

/** An administrator gives money back, all of what is left or a part (a damaged piece, a delay). */
export function requestRefund(f: Fulfilment, request: RefundRequest, now: number): FulfilmentChange {
  if (request.reason === "partial" && request.note.trim().length === 0)
    return refuse("Informe o motivo do reembolso parcial.")
  return addRefund(f, request, now)
}

/** The gateway answered: the refund went through (the order is refunded once all it paid went back) or failed. */
export function settleRefund(
  f: Fulfilment,
  refundId: string,
  outcome: { readonly ok: true; readonly gatewayRefundId: string } | { readonly ok: false },
  now: number,
): FulfilmentChange {
  const refund = f.refunds.find((r) => r.id === refundId)
  if (!refund) return refuse("Reembolso não encontrado.")
  if (refund.status !== "pending") return refuse("Este reembolso já foi concluído.")
  const settled = outcome.ok
    ? { ...refund, status: "completed" as const, settledAt: now, gatewayRefundId: outcome.gatewayRefundId }
    : { ...refund, status: "failed" as const, settledAt: now }
  const next = { ...f, refunds: f.refunds.map((r) => (r.id === refundId ? settled : r)) }
  if (!outcome.ok)
    return changed(next, [
      domainEvent("RefundFailed", f.orderId, { ...ref(f), refundId, amount: refund.amount }),
    ])
  const full = refundedTotal(next) >= f.paidTotal
  return changed(full ? { ...next, status: "refunded", refundedAt: now } : next, [
    domainEvent("OrderRefunded", f.orderId, { ...ref(f), refundId, amount: refund.amount, full }),
  ])
}

/** Why the customer may not cancel now, or null when they may (before production: spec 002 §1). */
export function customerCancelRefusal(f: Fulfilment): string | null {
  if (f.status === "awaiting_production") return null
  if (f.status === "plan_active") return PLAN_CANCEL_BY_SUPPORT
  if (f.status === "cancelled" || f.status === "refunded") return "Este pedido já foi cancelado."
  return "O pedido já entrou em produção e não pode mais ser cancelado. Fale com o suporte se precisar de ajuda."
}

/** A prepaid plan's months may already be on their way: only the store, which sees them, calls it off. */
export const PLAN_CANCEL_BY_SUPPORT =
  "Para cancelar um plano pré-pago, fale com o suporte: o reembolso considera os meses já enviados."

const ADMIN_CANCELLABLE: readonly FulfilmentStatus[] = [
  "awaiting_production",
  "in_production",
  "produced",
  "plan_active",
]

/** Calls a paid order off and gives back everything not yet refunded. */
export function cancelPaidOrder(
  f: Fulfilment,
  by: "customer" | "admin",
  refundId: string,
  now: number,
): FulfilmentChange {
  if (by === "customer") {
    const refusal = customerCancelRefusal(f)
    if (refusal) return refuse(refusal)
  } else if (!ADMIN_CANCELLABLE.includes(f.status)) return notNow("cancelar o pedido", f)
  return withFullRefund(
    { ...f, status: "cancelled", cancelledAt: now },
    [domainEvent("PaidOrderCancelled", f.orderId, { ...ref(f), by })],
    { refundId, reason: "cancellation" },
    now,
  )
}

/** The change so far, plus a refund of everything not yet given back (none when nothing is left). */
export function withFullRefund(
  next: Fulfilment,
  events: readonly FulfilmentEvent[],
  refund: { readonly refundId: string; readonly reason: RefundReason },
  now: number,
): FulfilmentChange {
  const amount = refundable(next)
  if (amount <= 0) return changed(next, events)
  const added = addRefund(next, { ...refund, amount, note: "" }, now)
  return added.ok ? changed(added.fulfilment, [...events, ...added.events]) : added
}
