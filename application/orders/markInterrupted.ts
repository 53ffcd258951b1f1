import { Effect } from "effect"
import type { DomainEvent } from "../../domain/events"
import { markPaymentInterrupted } from "../../domain/orders/orderState"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import { UnitOfWork } from "../ports/UnitOfWork"

/** Whether the attempt was taken (or written) before `claimedBefore` and the gateway never answered it. */
export const isUnanswered = (attempt: StoredAttempt, claimedBefore: number) =>
  attempt.status === "new" &&
  attempt.gatewayPaymentId === null &&
  attempt.redirectUrl === null &&
  (attempt.submittedAt ?? attempt.createdAt) < claimedBefore

/**
 * An attempt that never reached the gateway (it has no such payment): nothing was charged and nothing was
 * refused. The attempt ends interrupted; its order, if the customer is still on it, keeps waiting for payment
 * and offers to be paid again. Answers whether it was this call that ended it.
 */
export const markInterrupted = Effect.fn("Orders.markInterrupted")(function* (
  attemptId: string,
  claimedBefore: number,
) {
  const store = yield* OrderStore
  const now = yield* (yield* Clock).now()
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const attempt = yield* store.lockAttempt(attemptId)
      // Answered, or taken again by the customer's retry, since it was found: that request settles it.
      if (!attempt || !isUnanswered(attempt, claimedBefore)) return false
      const interrupted: StoredAttempt = {
        ...attempt,
        status: "interrupted",
        statusDetail: "not_submitted",
        updatedAt: now,
      }
      yield* store.saveAttempt(interrupted)
      const order = yield* store.lock(attempt.orderId)
      const next = order ? markPaymentInterrupted(order, interrupted) : null
      if (next?.ok) yield* (yield* EventOutbox).record(next.events as DomainEvent[])
      return true
    }),
  )
})
