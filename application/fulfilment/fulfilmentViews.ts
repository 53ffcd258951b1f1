import { disclosedPiece } from "../../domain/catalog/characterDisclosure"
import { customerActions } from "../../domain/fulfilment/afterSales"
import { carrierTrackingUrl } from "../../domain/fulfilment/carriers"
import { type Certificate, editionLabel } from "../../domain/fulfilment/certificate"
import {
  FULFILMENT_STATUS_LABEL,
  type Fulfilment,
  liveShipment,
  REQUEST_KIND_LABEL,
  REQUEST_STATUS_LABEL,
  refundable,
  refundedTotal,
  SHIPMENT_STATUS_LABEL,
  type Shipment,
} from "../../domain/fulfilment/fulfilment"
import {
  customerTimeline,
  deliveryEstimate,
  productionTracker,
  shipDateText,
} from "../../domain/fulfilment/timeline"
import type { Order } from "../../domain/orders/order"

/** The path of a certificate's public page, the same the QR code points to. */
export const certificatePath = (code: string) => `/certificado/${encodeURIComponent(code)}`

export const shipmentView = (shipment: Shipment) => ({
  id: shipment.id,
  status: shipment.status,
  statusLabel: SHIPMENT_STATUS_LABEL[shipment.status],
  carrier: shipment.carrier,
  service: shipment.service,
  trackingCode: shipment.trackingCode,
  trackingUrl: carrierTrackingUrl(shipment.carrier, shipment.trackingCode),
  shippedAt: shipment.shippedAt,
  estimatedDelivery: shipment.estimatedDelivery,
  deliveredAt: shipment.deliveredAt,
  rating: shipment.rating,
  review: shipment.review,
})

/** The life after payment as the order pages show it (customer and administrator alike). */
export function fulfilmentView(f: Fulfilment, order: Order) {
  const shipment = liveShipment(f) ?? f.shipments.at(-1) ?? null
  return {
    status: f.status,
    statusLabel: FULFILMENT_STATUS_LABEL[f.status],
    timeline: customerTimeline(f),
    production: productionTracker(f, order.lines),
    shipDateText: shipDateText(f),
    estimatedDelivery: deliveryEstimate(f),
    shipment: shipment ? shipmentView(shipment) : null,
    refunded: refundedTotal(f),
    refundable: refundable(f),
    refunds: f.refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      note: r.note,
      status: r.status,
      requestedAt: r.requestedAt,
      settledAt: r.settledAt,
    })),
    requests: f.requests.map((q) => ({
      id: q.id,
      kind: q.kind,
      kindLabel: REQUEST_KIND_LABEL[q.kind],
      status: q.status,
      statusLabel: REQUEST_STATUS_LABEL[q.status],
      description: q.description,
      requestedAt: q.requestedAt,
      decidedAt: q.decidedAt,
      decisionNote: q.decisionNote,
    })),
  }
}

/** The order's certificates in force, as its customer may read them at `now` (the reveal rule). */
export const certificateLinks = (certificates: readonly Certificate[], now: number) =>
  certificates
    .filter((c) => c.revokedAt === null)
    .map((c) => ({
      code: c.code,
      productId: c.productId,
      productName: disclosedPiece({ name: c.productName }, c.reveal, now).name,
      edition: editionLabel(c.serial, c.editionSize),
      path: certificatePath(c.code),
    }))

/** What the customer's order page may offer: null for allowed, else the pt-BR reason (shown as a hint). */
export const actionsView = (f: Fulfilment | null, now: number) => (f ? customerActions(f, now) : null)
