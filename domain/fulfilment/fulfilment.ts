import type { CivilDate } from "../calendar"
import type { Cents } from "../money"
import type { FulfilmentEvent } from "./fulfilmentEvents"

/**
 * A paid order's life until the customer has it (or has their money back). The payment's own lifecycle stays
 * in the order's `status`; this one starts when that becomes `paid`.
 */
export type FulfilmentStatus =
  | "awaiting_production"
  | "in_production"
  | "produced"
  | "shipped"
  | "in_transit"
  | "delivered"
  /** Called off after payment; its refund is pending until `refunded`. */
  | "cancelled"
  /** The customer withdrew (CDC art. 49) and sent the parcel back. */
  | "returned"
  /** Every centavo paid went back to the customer. */
  | "refunded"
  /**
   * A paid prepaid plan: never produced or shipped itself (its months ship as orders of kind `subscription`);
   * the administrator may still cancel it (with its refund) or refund a part.
   */
  | "plan_active"

export const FULFILMENT_STATUSES: readonly FulfilmentStatus[] = [
  "awaiting_production",
  "in_production",
  "produced",
  "shipped",
  "in_transit",
  "delivered",
  "cancelled",
  "returned",
  "refunded",
  "plan_active",
]

export const FULFILMENT_STATUS_LABEL: Readonly<Record<FulfilmentStatus, string>> = {
  awaiting_production: "Pedido confirmado",
  in_production: "Em produção",
  produced: "Produto finalizado",
  shipped: "Postado",
  in_transit: "Em trânsito",
  delivered: "Entregue",
  cancelled: "Cancelado",
  returned: "Devolvido",
  refunded: "Reembolsado",
  plan_active: "Plano ativo",
}

/** Spec 001 §4. */
export type ShipmentStatus = "preparing" | "shipped" | "in_transit" | "delivered" | "returned" | "failed"

export const SHIPMENT_STATUS_LABEL: Readonly<Record<ShipmentStatus, string>> = {
  preparing: "Em preparação",
  shipped: "Postado",
  in_transit: "Em trânsito",
  delivered: "Entregue",
  returned: "Devolvido",
  failed: "Falha na entrega",
}

/** Spec 001 §3 Shipment: the parcel as the carrier carries it, with the customer's rating of the delivery. */
export interface Shipment {
  readonly id: string
  readonly status: ShipmentStatus
  /** "Correios", "Jadlog". */
  readonly carrier: string
  /** "SEDEX", "PAC". */
  readonly service: string
  /** The carrier's own code (e.g. "AA123456789BR"), upper case. */
  readonly trackingCode: string
  readonly shippedAt: number
  readonly estimatedDelivery: CivilDate
  readonly inTransitAt: number | null
  readonly deliveredAt: number | null
  /** When it came back (returned) or was given up by the carrier (failed). */
  readonly endedAt: number | null
  readonly rating: number | null
  readonly review: string | null
  readonly ratedAt: number | null
}

export type RefundStatus = "pending" | "completed" | "failed"
export type RefundReason = "cancellation" | "withdrawal" | "partial" | "damage"

export interface Refund {
  readonly id: string
  readonly amount: Cents
  readonly reason: RefundReason
  readonly note: string
  readonly status: RefundStatus
  readonly requestedAt: number
  readonly settledAt: number | null
  readonly gatewayRefundId: string | null
}

/** After delivery (or a long wait for it): CDC art. 49 withdrawal, a damaged item, a parcel that never came. */
export type RequestKind = "withdrawal" | "damage" | "missing"
export type RequestStatus = "requested" | "approved" | "rejected" | "return_received" | "resolved"

export const REQUEST_KIND_LABEL: Readonly<Record<RequestKind, string>> = {
  withdrawal: "Devolução por arrependimento",
  damage: "Produto danificado",
  missing: "Pedido não recebido",
}

export const REQUEST_STATUS_LABEL: Readonly<Record<RequestStatus, string>> = {
  requested: "Em análise",
  approved: "Aprovada",
  rejected: "Recusada",
  return_received: "Devolução recebida",
  resolved: "Resolvida",
}

export interface AfterSaleRequest {
  readonly id: string
  readonly kind: RequestKind
  readonly status: RequestStatus
  /** What the customer wrote. */
  readonly description: string
  readonly requestedAt: number
  readonly decidedAt: number | null
  /** The administrator's answer, shown to the customer. */
  readonly decisionNote: string | null
  readonly returnReceivedAt: number | null
}

export interface Fulfilment {
  readonly orderId: string
  readonly userId: string | null
  readonly status: FulfilmentStatus
  /** What the customer paid, the most that can go back. */
  readonly paidTotal: Cents
  readonly paidAt: number
  /** The batch day of the schedule rule (decision 5). */
  readonly shipsOn: CivilDate
  /** The chosen option's transit promise, in business days. */
  readonly carrierDays: number
  readonly productionStartedAt: number | null
  readonly producedAt: number | null
  readonly cancelledAt: number | null
  readonly refundedAt: number | null
  /** Every parcel sent, oldest first; at most one is live (not returned or failed). */
  readonly shipments: readonly Shipment[]
  readonly refunds: readonly Refund[]
  readonly requests: readonly AfterSaleRequest[]
}

/** A transition's answer: the fulfilment after it and what happened, or a pt-BR reason a person can read. */
export type FulfilmentChange =
  | { readonly ok: true; readonly fulfilment: Fulfilment; readonly events: readonly FulfilmentEvent[] }
  | { readonly ok: false; readonly reason: string }

/** The parcel on its way or delivered, if any. */
export const liveShipment = (f: Fulfilment): Shipment | null =>
  [...f.shipments].reverse().find((s) => s.status !== "returned" && s.status !== "failed") ?? null

export const refundedTotal = (f: Fulfilment): Cents =>
  f.refunds.filter((r) => r.status === "completed").reduce((sum, r) => sum + r.amount, 0)

/** What may still be refunded: neither given back already nor on its way back. */
export const refundable = (f: Fulfilment): Cents =>
  f.paidTotal - f.refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0)

/** The status a paid order of this kind starts its fulfilment in (the database writes it with the payment). */
export const firstFulfilmentStatus = (kind: "purchase" | "plan" | "subscription"): FulfilmentStatus =>
  kind === "plan" ? "plan_active" : "awaiting_production"

/**
 * Where a freshly paid order starts: waiting for production (a plan: active), with nothing sent or given back.
 */
export function startFulfilment(order: {
  readonly id: string
  readonly kind: "purchase" | "plan" | "subscription"
  readonly userId: string | null
  readonly totals: { readonly total: Cents }
  readonly paidAt: number | null
  readonly shipsOn: CivilDate | null
  readonly shipping: { readonly days: number }
}): Fulfilment | null {
  if (order.paidAt === null || order.shipsOn === null) return null
  return {
    orderId: order.id,
    userId: order.userId,
    status: firstFulfilmentStatus(order.kind),
    paidTotal: order.totals.total,
    paidAt: order.paidAt,
    shipsOn: order.shipsOn,
    carrierDays: order.shipping.days,
    productionStartedAt: null,
    producedAt: null,
    cancelledAt: null,
    refundedAt: null,
    shipments: [],
    refunds: [],
    requests: [],
  }
}
