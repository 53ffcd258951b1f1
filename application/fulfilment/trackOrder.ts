import { Effect } from "effect"
import { can } from "../../domain/accounts/roles"
import { maskEmail, maskName } from "../../domain/fulfilment/carriers"
import { orderAsCustomerSees } from "../../domain/orders/order"
import { normalizeTrackingCode } from "../../domain/orders/orderNumber"
import { limitRequests } from "../abuse"
import { TrackingCodeNotFound, TrackingCodeRequired } from "../errors"
import { AccountData } from "../ports/AccountData"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { fulfilmentView } from "./fulfilmentViews"

/** Enough for a family following a few parcels, far too few to try codes one after another. */
export const TRACKING_LIMIT = {
  bucket: "tracking",
  max: 20,
  windowMs: 10 * 60_000,
  message: "Muitas consultas de rastreamento. Aguarde alguns minutos e tente novamente.",
} as const

/**
 * /rastrear: an order by our tracking code or the carrier's, in any case. Anyone may look (spec 000 §6), so
 * the customer is masked unless the viewer is the owner or manages orders (LGPD); lookups are rate-limited per
 * address so codes cannot be enumerated.
 */
export const trackOrder = Effect.fn("Fulfilment.trackOrder")(function* (rawCode: string) {
  const typed = rawCode.trim()
  if (!typed) return yield* new TrackingCodeRequired()
  yield* limitRequests(TRACKING_LIMIT)
  const store = yield* FulfilmentStore
  const orderId = yield* store.findByTrackingCode(normalizeTrackingCode(typed) ?? typed)
  const found = orderId ? yield* store.get(orderId) : null
  if (!found?.fulfilment) return yield* new TrackingCodeNotFound()
  const { fulfilment } = found
  // Anyone may look up a code: the order's characters as the public may know them now.
  const order = orderAsCustomerSees(found.order, yield* (yield* Clock).now())
  const { viewer } = yield* CurrentUser
  const trusted = viewer !== null && (viewer.id === order.userId || can(viewer.role, "manage_orders"))
  const contact = order.userId ? yield* (yield* AccountData).contactOf(order.userId) : null
  const view = fulfilmentView(fulfilment, order)
  const name = order.address.name
  return {
    code: order.trackingCode,
    status: view.status,
    statusLabel: view.statusLabel,
    order: {
      number: order.number,
      placedAt: order.placedAt,
      paidAt: order.paidAt,
      items: view.production.map((line) => ({
        name: line.name,
        collectionName: order.lines[line.position]?.collectionName ?? "",
        quantity: order.lines[line.position]?.quantity ?? 0,
        editionNumbers: line.editionNumbers,
        stageLabel: line.stageLabel,
        expectedShipDate: line.expectedShipDate,
      })),
      total: trusted ? order.totals.total : null,
    },
    customer: {
      masked: !trusted,
      name: trusted ? name : maskName(name),
      email: contact ? (trusted ? contact.email : maskEmail(contact.email)) : null,
      city: order.address.city,
      state: order.address.state,
    },
    shipping: {
      company: view.shipment?.carrier ?? order.shipping.provider,
      service: view.shipment?.service ?? order.shipping.name,
      carrierCode: view.shipment?.trackingCode ?? null,
      trackingUrl: view.shipment?.trackingUrl ?? null,
      estimatedDelivery: view.estimatedDelivery,
    },
    timeline: view.timeline,
  }
})

export type TrackingView = Effect.Success<ReturnType<typeof trackOrder>>
