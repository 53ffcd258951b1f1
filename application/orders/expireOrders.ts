import { Effect } from "effect"
import type { DomainEvent } from "../../domain/events"
import { reviewDeadline } from "../../domain/orders/deadlines"
import { markExpired } from "../../domain/orders/orderState"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { OrderStore } from "../ports/OrderStore"
import { PaymentGateway } from "../ports/PaymentGateway"
import { UnitOfWork } from "../ports/UnitOfWork"
import { applyGatewayPayment } from "./applyGatewayPayment"
import { releaseHeld } from "./releaseHeld"

const BATCH = 50

/**
 * Ends orders unpaid past their deadline (a PIX code that expired, a boleto past its due date and clearing
 * time, a refused card not tried again): the gateway is asked first, so a payment that did arrive wins; a
 * PIX or boleto still open is cancelled there; then the order expires and lets its units and coupon go.
 */
export const expireOrders = Effect.fn("Orders.expireOrders")(function* () {
  const now = yield* (yield* Clock).now()
  const due = yield* (yield* OrderStore).overdue(now, BATCH)
  let expired = 0
  for (const orderId of due)
    if (yield* expireOrder(orderId, now).pipe(Effect.catch(() => Effect.succeed(false)))) expired++
  return { due: due.length, expired }
})

const expireOrder = Effect.fnUntraced(function* (orderId: string, now: number) {
  const store = yield* OrderStore
  const gateway = yield* PaymentGateway
  const order = yield* store.get(orderId)
  const attempt = order?.currentAttemptId ? yield* store.getAttempt(order.currentAttemptId) : null
  if (order?.status === "awaiting_payment" && attempt?.gatewayPaymentId) {
    const latest = yield* gateway.getPayment(attempt.gatewayPaymentId)
    yield* applyGatewayPayment(latest)
    if (latest.status === "in_process" && now < reviewDeadline(attempt.createdAt)) {
      // A card under the issuer's review: wait for its answer, within limits. Saved under the lock from a fresh
      // read: the order read above may be stale (a webhook may have paid it meanwhile).
      yield* (yield* UnitOfWork).atomically(
        Effect.gen(function* () {
          const locked = yield* store.lock(orderId)
          if (locked?.status === "awaiting_payment")
            yield* store.save({ ...locked, payBy: reviewDeadline(attempt.createdAt) })
        }),
      )
      return false
    }
    if (latest.status === "pending" || latest.status === "in_process") {
      yield* gateway.cancel(attempt.gatewayPaymentId)
      yield* applyGatewayPayment(yield* gateway.getPayment(attempt.gatewayPaymentId))
    }
  }
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const locked = yield* store.lock(orderId)
      if (!locked) return false
      const next = markExpired(locked, now)
      if (!next.ok) return false
      if (locked.status === "awaiting_payment") yield* releaseHeld(locked)
      yield* store.save(next.order)
      yield* (yield* EventOutbox).record(next.events as DomainEvent[])
      return true
    }),
  )
})
