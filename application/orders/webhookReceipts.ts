import { Effect } from "effect"
import type { WebhookOutcome } from "../../domain/notifications/webhookReceipt"
import { Clock } from "../ports/Clock"
import type { PaymentNotification } from "../ports/PaymentGateway"
import { UnitOfWork } from "../ports/UnitOfWork"
import { WebhookReceipts } from "../ports/WebhookReceipts"
import { receivePaymentNotification, STORED_TOPICS } from "./paymentNotifications"

export interface UnappliedWebhook {
  readonly topic: string | null
  readonly dataId: string | null
  readonly signatureValid: boolean
  readonly outcome: Extract<WebhookOutcome, "ignored" | "refused">
  readonly reason: string
}

/** Keeps the receipt of a webhook that was refused or dropped, so the payments screen shows it arrived. */
export const recordUnappliedWebhook = Effect.fn("Orders.recordUnappliedWebhook")(function* (
  webhook: UnappliedWebhook,
) {
  yield* (yield* WebhookReceipts).record({
    ...webhook,
    requestId: null,
    receivedAt: yield* (yield* Clock).now(),
  })
})

/**
 * A verified webhook: its receipt and, unless it repeats a delivery already stored (same topic, resource and
 * request id: Mercado Pago retrying), the event that processes it, in one transaction. Topics the store does
 * not handle are kept as ignored.
 */
export const receiveVerifiedWebhook = Effect.fn("Orders.receiveVerifiedWebhook")(function* (
  notification: PaymentNotification,
) {
  const receivedAt = yield* (yield* Clock).now()
  const receipts = yield* WebhookReceipts
  const receipt = {
    topic: notification.topic,
    dataId: notification.resourceId,
    requestId: notification.requestId,
    signatureValid: true,
    receivedAt,
  }
  if (!STORED_TOPICS.has(notification.topic))
    return yield* receipts.record({ ...receipt, outcome: "ignored", reason: "unknown_topic" })
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const outcome = yield* receipts.record({ ...receipt, outcome: "applied", reason: null })
      if (outcome === "applied") yield* receivePaymentNotification(notification)
      return outcome
    }),
  )
})
