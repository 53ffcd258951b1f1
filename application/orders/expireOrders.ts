import { Effect } from "effect"
import { reviewDeadline } from "../../domain/orders/deadlines"
import { markExpired } from "../../domain/orders/orderState"
import { Clock } from "../ports/Clock"
import { OrderStore } from "../ports/OrderStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { askGateway, cancelOpenPayment, endUnpaidOrder } from "./endUnpaidOrder"

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
  const asked = yield* askGateway(yield* store.get(orderId))
  if (asked) {
    const { attempt, latest } = asked
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
    yield* cancelOpenPayment(latest)
  }
  return yield* endUnpaidOrder(orderId, (order) => markExpired(order, now))
})
