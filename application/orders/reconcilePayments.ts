import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import { type GatewayPayment, PaymentGateway } from "../ports/PaymentGateway"
import { applyGatewayPayment } from "./applyGatewayPayment"
import { isUnanswered } from "./markInterrupted"
import { recoverInterruptedPayments, UNANSWERED_CLAIM_MS } from "./recoverInterruptedPayments"

/** Attempts quiet for this long are asked about: webhooks may be lost. */
export const RECONCILE_AFTER_MS = 2 * 60_000
const BATCH = 50

/**
 * Brings open payments to the gateway's state without waiting for webhooks: attempts whose request may never
 * have arrived (a crash, a timeout) are settled first (see recoverInterruptedPayments), then pending ones are
 * fetched and applied. Safe to run on many instances at once: applying a status is idempotent and row-locked.
 */
export const reconcilePayments = Effect.fn("Orders.reconcilePayments")(function* () {
  const recovered = yield* recoverInterruptedPayments()
  const now = yield* (yield* Clock).now()
  const open = yield* (yield* OrderStore).openAttempts(now - RECONCILE_AFTER_MS, BATCH)
  let applied = 0
  for (const attempt of open) {
    const outcome = yield* reconcileAttempt(attempt, now).pipe(
      Effect.catchTag("GatewayUnavailable", () => Effect.succeed(false)),
      Effect.catchTag("GatewayPaymentNotFound", () => Effect.succeed(false)),
    )
    if (outcome) applied++
  }
  return { checked: open.length, applied, recovered }
})

const reconcileAttempt = Effect.fnUntraced(function* (attempt: StoredAttempt, now: number) {
  const gateway = yield* PaymentGateway
  const store = yield* OrderStore
  // An attempt still open afterwards is asked about again after another quiet while, so the batch moves on to
  // other attempts meanwhile (applying an unchanged status writes nothing).
  const applied = Effect.fnUntraced(function* (payment: GatewayPayment) {
    if ((yield* applyGatewayPayment(payment)) === "unchanged") yield* store.touchAttempt(attempt.id, now)
    return true
  })
  if (attempt.gatewayPaymentId) return yield* applied(yield* gateway.getPayment(attempt.gatewayPaymentId))
  // Left by recoverInterruptedPayments, which asked about it this run (the gateway down, or a batch's tail).
  if (isUnanswered(attempt, now - UNANSWERED_CLAIM_MS)) return false
  // Checkout Pro waits for the buyer on Mercado Pago's page; its deadline is the order's.
  const made = (yield* gateway.paymentsForOrder(attempt.orderId)).find((p) => p.attemptId === attempt.id)
  if (made) return yield* applied(made)
  yield* store.touchAttempt(attempt.id, now)
  return false
})
