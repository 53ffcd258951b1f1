import { Effect } from "effect"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { OrderStore } from "../ports/OrderStore"
import { PaymentGateway, type PaymentNotification } from "../ports/PaymentGateway"
import { applyGatewayPayment } from "./applyGatewayPayment"

/**
 * The topics kept: payments (this module's handler) and subscriptions' preapprovals and recurring charges
 * (the subscriptions module's handler). Anything else (merchant orders, tests) is answered and dropped.
 */
export const STORED_TOPICS: ReadonlySet<string> = new Set([
  "payment",
  "subscription_preapproval",
  "subscription_authorized_payment",
])

/**
 * A verified webhook is stored as an event and answered at once; the event is processed like any other, so a
 * crash after the answer loses nothing. The body is never trusted: only the topic and resource id are kept.
 */
export const receivePaymentNotification = Effect.fn("Orders.receivePaymentNotification")(function* (
  notification: PaymentNotification,
) {
  if (!STORED_TOPICS.has(notification.topic)) return { stored: false }
  yield* (yield* EventOutbox).record([
    domainEvent("PaymentNotified", notification.resourceId, {
      topic: notification.topic,
      resourceId: notification.resourceId,
    }),
  ])
  return { stored: true }
})

/** Fetches the notified payment from the gateway and applies its status (duplicates change nothing). */
export const paymentNotifiedHandler: EventHandler<
  PaymentGateway | Effect.Services<ReturnType<typeof applyGatewayPayment>>
> = {
  name: "payments.applyNotified",
  on: ["PaymentNotified"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      // Subscription topics share the event; their own handler fetches the preapproval or charge.
      if (event.type !== "PaymentNotified" || event.payload.topic !== "payment") return
      const payment = yield* (yield* PaymentGateway).getPayment(event.payload.resourceId).pipe(
        // A payment the gateway does not know is not ours (a test notification, another application).
        Effect.catchTag("GatewayPaymentNotFound", () => Effect.succeed(null)),
      )
      if (payment) yield* applyGatewayPayment(payment)
    }),
}

/** Gives back money no order can keep (a double payment, a late approval of units now sold). */
export const refundHandler: EventHandler<PaymentGateway | OrderStore | Clock> = {
  name: "payments.refund",
  on: ["PaymentRefundRequired"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "PaymentRefundRequired") return
      const store = yield* OrderStore
      const attempt = yield* store.getAttempt(event.payload.paymentId)
      if (!attempt?.gatewayPaymentId || attempt.status === "refunded") return
      // The key makes a redelivered event refund once.
      yield* (yield* PaymentGateway).refund(attempt.gatewayPaymentId, null, `refund-${attempt.id}`)
      yield* store.saveAttempt({
        ...attempt,
        status: "refunded",
        statusDetail: "refunded",
        updatedAt: yield* (yield* Clock).now(),
      })
    }),
}
