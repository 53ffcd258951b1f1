import type { Selectable } from "kysely"
import type { AfterSaleRequest, Fulfilment, Refund, Shipment } from "../../domain/fulfilment/fulfilment"
import type { Order } from "../../domain/orders/order"
import type { AfterSaleRequestsTable, RefundsTable, ShipmentsTable } from "../db/tables/fulfilment"
import type { OrdersTable } from "../db/tables/orders"
import { civil, ms } from "../orders/orderRows"

const maybeMs = (d: Date | string | null) => (d === null ? null : ms(d))
const maybeDate = (at: number | null) => (at === null ? null : new Date(at))

export const toShipment = (row: Selectable<ShipmentsTable>): Shipment => ({
  id: row.id,
  status: row.status,
  carrier: row.carrier,
  service: row.service,
  trackingCode: row.tracking_code,
  shippedAt: ms(row.shipped_at),
  estimatedDelivery: civil(row.estimated_delivery) ?? { year: 1970, month: 1, day: 1 },
  inTransitAt: maybeMs(row.in_transit_at),
  deliveredAt: maybeMs(row.delivered_at),
  endedAt: maybeMs(row.ended_at),
  rating: row.rating,
  review: row.review,
  ratedAt: maybeMs(row.rated_at),
})

export const toRefund = (row: Selectable<RefundsTable>): Refund => ({
  id: row.id,
  amount: row.amount_cents,
  reason: row.reason,
  note: row.note,
  status: row.status,
  requestedAt: ms(row.requested_at),
  settledAt: maybeMs(row.settled_at),
  gatewayRefundId: row.gateway_refund_id,
})

export const toRequest = (row: Selectable<AfterSaleRequestsTable>): AfterSaleRequest => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  description: row.description,
  requestedAt: ms(row.requested_at),
  decidedAt: maybeMs(row.decided_at),
  decisionNote: row.decision_note,
  returnReceivedAt: maybeMs(row.return_received_at),
})

/** The fulfilment of a paid order from its row and children; null while the order is not paid. */
export function toFulfilment(
  row: Selectable<OrdersTable>,
  order: Order,
  children: { shipments: Shipment[]; refunds: Refund[]; requests: AfterSaleRequest[] },
): Fulfilment | null {
  if (!row.fulfilment_status || order.paidAt === null || order.shipsOn === null) return null
  return {
    orderId: order.id,
    userId: order.userId,
    status: row.fulfilment_status,
    paidTotal: order.totals.total,
    paidAt: order.paidAt,
    shipsOn: order.shipsOn,
    carrierDays: order.shipping.days,
    productionStartedAt: maybeMs(row.production_started_at),
    producedAt: maybeMs(row.produced_at),
    cancelledAt: maybeMs(row.fulfilment_cancelled_at),
    refundedAt: maybeMs(row.refunded_at),
    ...children,
  }
}

export const shipmentColumns = (s: Shipment, civilText: (d: Shipment["estimatedDelivery"]) => string) => ({
  status: s.status,
  carrier: s.carrier,
  service: s.service,
  tracking_code: s.trackingCode,
  shipped_at: new Date(s.shippedAt),
  estimated_delivery: civilText(s.estimatedDelivery),
  in_transit_at: maybeDate(s.inTransitAt),
  delivered_at: maybeDate(s.deliveredAt),
  ended_at: maybeDate(s.endedAt),
  rating: s.rating,
  review: s.review,
  rated_at: maybeDate(s.ratedAt),
})

export const refundColumns = (r: Refund) => ({
  amount_cents: r.amount,
  reason: r.reason,
  note: r.note,
  status: r.status,
  gateway_refund_id: r.gatewayRefundId,
  requested_at: new Date(r.requestedAt),
  settled_at: maybeDate(r.settledAt),
})

export const requestColumns = (q: AfterSaleRequest) => ({
  kind: q.kind,
  status: q.status,
  description: q.description,
  requested_at: new Date(q.requestedAt),
  decided_at: maybeDate(q.decidedAt),
  decision_note: q.decisionNote,
  return_received_at: maybeDate(q.returnReceivedAt),
})

export { maybeDate }
