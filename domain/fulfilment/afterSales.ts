import { addBusinessDays } from "../businessDays"
import { addDays, type CivilDate, formatDateBR, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import { domainEvent } from "../events"
import {
  type AfterSaleRequest,
  type Fulfilment,
  type FulfilmentChange,
  liveShipment,
  type RequestKind,
} from "./fulfilment"
import { changed, customerCancelRefusal, ref, refuse, withFullRefund } from "./fulfilmentState"

/** CDC art. 49: seven days from receipt to give up a purchase made away from a shop. */
export const WITHDRAWAL_DAYS = 7
/** Spec 002 §1: a damaged item is claimed within 7 days. */
export const DAMAGE_CLAIM_DAYS = 7
/** Spec 002 §1: a parcel not received is looked for 15 business days after it left. */
export const MISSING_CHECK_BUSINESS_DAYS = 15
export const REQUEST_DESCRIPTION_MAX = 1000

const endOfDay = (day: CivilDate) => saoPauloInstant(addDays(day, 1), 0) - 1
const startOfDay = (day: CivilDate) => saoPauloInstant(day, 0)

/** The last instant of the São Paulo day `days` after delivery: the day of delivery does not count. */
export const windowEnd = (deliveredAt: number, days: number) =>
  endOfDay(addDays(toSaoPauloCivil(deliveredAt), days))

/** From when a parcel that left at `shippedAt` may be reported missing. */
export const missingCheckFrom = (shippedAt: number) =>
  startOfDay(addDays(addBusinessDays(toSaoPauloCivil(shippedAt), MISSING_CHECK_BUSINESS_DAYS), 1))

const openRequest = (f: Fulfilment, kind: RequestKind) =>
  f.requests.find((r) => r.kind === kind && r.status !== "rejected" && r.status !== "resolved")

function descriptionRefusal(kind: RequestKind, description: string): string | null {
  const text = description.trim()
  if (kind !== "withdrawal" && text.length === 0) return "Descreva o que aconteceu."
  if (text.length > REQUEST_DESCRIPTION_MAX)
    return `A descrição deve ter no máximo ${REQUEST_DESCRIPTION_MAX} caracteres.`
  return null
}

/** Why the customer may not open this request now, or null when they may. */
export function requestRefusal(f: Fulfilment, kind: RequestKind, now: number): string | null {
  const shipment = liveShipment(f)
  if (openRequest(f, kind)) return "Já existe uma solicitação deste tipo em andamento para este pedido."
  if (kind === "missing") {
    if ((f.status !== "shipped" && f.status !== "in_transit") || !shipment)
      return "A verificação de extravio só pode ser aberta para pedidos enviados e ainda não entregues."
    const from = missingCheckFrom(shipment.shippedAt)
    if (now < from)
      return `A verificação de extravio pode ser aberta a partir de ${formatDateBR(toSaoPauloCivil(from))} (${MISSING_CHECK_BUSINESS_DAYS} dias úteis após o envio).`
    return null
  }
  if (f.status !== "delivered" || !shipment?.deliveredAt)
    return kind === "withdrawal"
      ? "A desistência da compra pode ser pedida depois que o pedido for entregue."
      : "A reclamação de produto danificado pode ser aberta depois que o pedido for entregue."
  const days = kind === "withdrawal" ? WITHDRAWAL_DAYS : DAMAGE_CLAIM_DAYS
  const end = windowEnd(shipment.deliveredAt, days)
  if (now > end)
    return kind === "withdrawal"
      ? `O prazo de ${days} dias para desistir da compra terminou em ${formatDateBR(toSaoPauloCivil(end))}.`
      : `O prazo de ${days} dias para reclamar de produto danificado terminou em ${formatDateBR(toSaoPauloCivil(end))}.`
  return null
}

export interface NewRequest {
  readonly requestId: string
  readonly kind: RequestKind
  readonly description: string
}

/** The customer asks to give the purchase up, reports a damaged piece, or a parcel that never came. */
export function openAfterSaleRequest(f: Fulfilment, request: NewRequest, now: number): FulfilmentChange {
  const refusal =
    requestRefusal(f, request.kind, now) ?? descriptionRefusal(request.kind, request.description)
  if (refusal) return refuse(refusal)
  const opened: AfterSaleRequest = {
    id: request.requestId,
    kind: request.kind,
    status: "requested",
    description: request.description.trim(),
    requestedAt: now,
    decidedAt: null,
    decisionNote: null,
    returnReceivedAt: null,
  }
  return changed({ ...f, requests: [...f.requests, opened] }, [
    domainEvent("AfterSaleRequested", f.orderId, { ...ref(f), requestId: opened.id, kind: opened.kind }),
  ])
}

const withRequest = (f: Fulfilment, request: AfterSaleRequest): Fulfilment => ({
  ...f,
  requests: f.requests.map((r) => (r.id === request.id ? request : r)),
})

/** An administrator accepts or refuses a request; a refusal says why, for the customer to read. */
export function decideRequest(
  f: Fulfilment,
  requestId: string,
  decision: { readonly approve: boolean; readonly note: string },
  now: number,
): FulfilmentChange {
  const request = f.requests.find((r) => r.id === requestId)
  if (!request) return refuse("Solicitação não encontrada.")
  if (request.status !== "requested") return refuse("Esta solicitação já foi analisada.")
  const note = decision.note.trim()
  if (!decision.approve && !note) return refuse("Informe o motivo da recusa.")
  const decided: AfterSaleRequest = {
    ...request,
    status: decision.approve ? "approved" : "rejected",
    decidedAt: now,
    decisionNote: note || null,
  }
  return changed(withRequest(f, decided), [
    domainEvent("AfterSaleDecided", f.orderId, {
      ...ref(f),
      requestId,
      kind: request.kind,
      approved: decision.approve,
    }),
  ])
}

/** The withdrawn parcel is back: the order is returned and everything not yet refunded goes back. */
export function receiveReturn(
  f: Fulfilment,
  requestId: string,
  refundId: string,
  now: number,
): FulfilmentChange {
  const request = f.requests.find((r) => r.id === requestId)
  if (request?.kind !== "withdrawal") return refuse("Solicitação de devolução não encontrada.")
  if (request.status !== "approved")
    return refuse(
      request.status === "requested"
        ? "Aprove a devolução antes de registrar o recebimento."
        : "O recebimento desta devolução já foi registrado.",
    )
  const shipment = liveShipment(f)
  const received: AfterSaleRequest = { ...request, status: "return_received", returnReceivedAt: now }
  let next: Fulfilment = withRequest({ ...f, status: "returned" }, received)
  if (shipment)
    next = {
      ...next,
      shipments: next.shipments.map((s) =>
        s.id === shipment.id ? { ...s, status: "returned", endedAt: now } : s,
      ),
    }
  return withFullRefund(
    next,
    [domainEvent("ReturnReceived", f.orderId, { ...ref(f), requestId })],
    { refundId, reason: "withdrawal" },
    now,
  )
}

/** A damaged-item or missing-parcel request is settled (a replacement sent, a partial refund made). */
export function resolveRequest(f: Fulfilment, requestId: string, now: number): FulfilmentChange {
  const request = f.requests.find((r) => r.id === requestId)
  if (!request) return refuse("Solicitação não encontrada.")
  if (request.kind === "withdrawal") return refuse("Uma devolução termina com o recebimento do produto.")
  if (request.status !== "approved") return refuse("Só uma solicitação aprovada pode ser concluída.")
  return changed(withRequest(f, { ...request, status: "resolved", decidedAt: request.decidedAt ?? now }), [])
}

export const REVIEW_MAX = 500

/** Why the customer may not rate the delivery now, or null when they may. */
export function ratingRefusal(f: Fulfilment): string | null {
  const shipment = liveShipment(f)
  if (f.status !== "delivered" || !shipment) return "Só é possível avaliar um pedido entregue."
  return shipment.rating !== null ? "Você já avaliou esta entrega." : null
}

/** What the customer's order page may offer now: null for an action allowed, else why not (pt-BR). */
export function customerActions(f: Fulfilment, now: number) {
  return {
    cancel: customerCancelRefusal(f),
    withdrawal: requestRefusal(f, "withdrawal", now),
    damage: requestRefusal(f, "damage", now),
    missing: requestRefusal(f, "missing", now),
    rate: ratingRefusal(f),
  }
}

/** Spec 001 §3: a delivery is rated 1 to 5 with a review of at most 500 characters, once. */
export function rateDelivery(
  f: Fulfilment,
  rating: { readonly stars: number; readonly review: string },
  now: number,
): FulfilmentChange {
  const shipment = liveShipment(f)
  const refusal = ratingRefusal(f)
  if (refusal || !shipment) return refuse(refusal ?? "Só é possível avaliar um pedido entregue.")
  if (!Number.isInteger(rating.stars) || rating.stars < 1 || rating.stars > 5)
    return refuse("Escolha uma nota de 1 a 5 estrelas.")
  const review = rating.review.trim()
  if (review.length > REVIEW_MAX) return refuse(`A avaliação deve ter no máximo ${REVIEW_MAX} caracteres.`)
  const rated = { ...shipment, rating: rating.stars, review: review || null, ratedAt: now }
  return changed({ ...f, shipments: f.shipments.map((s) => (s.id === rated.id ? rated : s)) }, [
    domainEvent("DeliveryRated", f.orderId, { ...ref(f), shipmentId: rated.id, rating: rating.stars }),
  ])
}
