import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import { PaymentGateway } from "../ports/PaymentGateway"
import { applyGatewayPayment } from "./applyGatewayPayment"
import { markInterrupted } from "./markInterrupted"

/**
 * How long a claim may go unanswered before it is taken for lost (its process died, or its answer never came).
 * Longer than the longest a live request holds one: the order's transaction (a drop queues buyers on the
 * edition's row), Mercado Pago's 10-second HTTP timeout (adapters/mercadopago/caller.ts, checked against this
 * there) and storing the answer, with room for the clocks of instances sharing the database to differ. So a call
 * in flight on another instance is never taken for lost.
 */
export const UNANSWERED_CLAIM_MS = 30_000
const BATCH = 50

/** What became of an attempt nobody answered: found at the gateway and applied, or offered again. */
export type Recovery = "applied" | "interrupted" | "unchanged"

/**
 * Settles one attempt whose claim went unanswered: the gateway is asked for the order's payments (Mercado Pago's
 * search by external reference) and the one made under this attempt's idempotency key, if any, is applied. If
 * there is none the request never reached it, and with no card token kept (it is single use) nobody can send it
 * now: the attempt ends interrupted and the customer is offered to pay again, never told of a refusal.
 */
export const recoverAttempt = Effect.fn("Orders.recoverAttempt")(function* (
  attempt: StoredAttempt,
  claimedBefore: number,
) {
  const payments = yield* (yield* PaymentGateway).paymentsForOrder(attempt.orderId)
  const made = payments.find((p) => p.attemptId === attempt.id)
  if (made) {
    yield* applyGatewayPayment(made)
    return "applied" satisfies Recovery
  }
  return (
    (yield* markInterrupted(attempt.id, claimedBefore)) ? "interrupted" : "unchanged"
  ) satisfies Recovery
})

/**
 * Finds attempts taken to the gateway and never answered, as soon as they can no longer be in flight, and
 * settles each (see `recoverAttempt`). Runs when the store starts, so a crash is repaired at once, and with every
 * reconciliation. Safe on many instances at once: applying is idempotent and interrupting is row-locked.
 */
export const recoverInterruptedPayments = Effect.fn("Orders.recoverInterruptedPayments")(function* () {
  const claimedBefore = (yield* (yield* Clock).now()) - UNANSWERED_CLAIM_MS
  const lost = yield* (yield* OrderStore).unansweredAttempts(claimedBefore, BATCH)
  const outcome = { found: lost.length, applied: 0, interrupted: 0 }
  for (const attempt of lost) {
    // The gateway down: the attempt stays as it is, for the next run.
    const recovery = yield* recoverAttempt(attempt, claimedBefore).pipe(
      Effect.catchTag("GatewayUnavailable", () => Effect.succeed<Recovery>("unchanged")),
    )
    if (recovery !== "unchanged") outcome[recovery]++
  }
  return outcome
})
