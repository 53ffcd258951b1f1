import { Effect } from "effect"
import type { DomainEvent } from "../../domain/events"
import { markRejected } from "../../domain/orders/orderState"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { OrderStore } from "../ports/OrderStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { releaseHeld } from "./releaseHeld"

/**
 * An attempt the gateway refused outright (bad card data, an invalid request), so no payment exists: it ends
 * rejected, and if it was the order's current attempt the order lets its units go, so the customer can pay again.
 * A request that never reached the gateway is no refusal: see markInterrupted.
 */
export const markNotSubmitted = Effect.fn("Orders.markNotSubmitted")(function* (
  attemptId: string,
  detail: string,
) {
  const store = yield* OrderStore
  const now = yield* (yield* Clock).now()
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const attempt = yield* store.lockAttempt(attemptId)
      if (attempt?.status !== "new") return
      const rejected = { ...attempt, status: "rejected" as const, statusDetail: detail, updatedAt: now }
      yield* store.saveAttempt(rejected)
      const order = yield* store.lock(attempt.orderId)
      if (!order || order.currentAttemptId !== attemptId) return
      const next = markRejected(order, rejected, detail)
      if (!next.ok) return
      yield* releaseHeld(order)
      yield* store.save(next.order)
      yield* (yield* EventOutbox).record(next.events as DomainEvent[])
    }),
  )
})
