import { Effect } from "effect"
import {
  CERTIFICATE_CODE_BYTES,
  certificateCodeFrom,
  certificatesFor,
  numberedUnits,
} from "../../domain/fulfilment/certificate"
import type { Order } from "../../domain/orders/order"
import type { EventHandler } from "../events"
import { contactOfEvent, orderOfEvent } from "../events"
import type { AccountData } from "../ports/AccountData"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { Ids } from "../ports/Ids"
import type { OrderStore } from "../ports/OrderStore"

/** Certificates of the order's numbered units (a unit certified before keeps its code). */
const issueCertificates = Effect.fnUntraced(function* (order: Order, issuedAt: number) {
  const units = numberedUnits(order)
  if (units.length === 0) return
  const ids = yield* Ids
  const codes: string[] = []
  for (const _ of units) codes.push(certificateCodeFrom(yield* ids.randomBytes(CERTIFICATE_CODE_BYTES)))
  const contact = order.userId ? yield* contactOfEvent(order.userId) : null
  yield* (yield* CertificateRegistry).issue(
    certificatesFor(order, contact?.name ?? order.address.name, codes, issuedAt),
  )
})

/**
 * A paid order's numbered units each get a certificate of authenticity with an unguessable code: a purchase's
 * when its payment is approved, a subscriber's month when its shipment order is made. Its one insert keeps the
 * first code of a unit certified before, so it runs again harmlessly and needs no transaction.
 */
export const issueCertificatesHandler: EventHandler<OrderStore | AccountData | CertificateRegistry | Ids> = {
  name: "fulfilment.issueCertificates",
  on: ["PaymentApproved", "PlanMonthOrderPlaced"],
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type === "PaymentApproved") {
        const order = yield* orderOfEvent(event.payload.orderId)
        if (order?.status !== "paid" || order.paidAttemptId !== event.payload.paymentId) return
        yield* issueCertificates(order, order.paidAt ?? event.occurredAt)
      } else if (event.type === "PlanMonthOrderPlaced") {
        const order = yield* orderOfEvent(event.payload.orderId)
        if (order?.status !== "paid" || order.kind !== "subscription") return
        yield* issueCertificates(order, order.paidAt ?? event.occurredAt)
      }
    }),
}
