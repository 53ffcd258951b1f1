import { Effect } from "effect"
import type { DomainEvent } from "../../domain/events"
import type { Order } from "../../domain/orders/order"
import type { Transition } from "../../domain/orders/orderState"
import { EventOutbox } from "../ports/EventOutbox"
import { OrderStore } from "../ports/OrderStore"
import type { GatewayPayment } from "../ports/PaymentGateway"
import { PaymentGateway } from "../ports/PaymentGateway"
import { UnitOfWork } from "../ports/UnitOfWork"
import { applyGatewayPayment } from "./applyGatewayPayment"
import { releaseHeld } from "./releaseHeld"

/** What the gateway says of the order's current payment now, applied first: a payment that did arrive wins. */
export const askGateway = Effect.fnUntraced(function* (order: Order | null) {
  const store = yield* OrderStore
  const attempt = order?.currentAttemptId ? yield* store.getAttempt(order.currentAttemptId) : null
  if (order?.status !== "awaiting_payment" || !attempt?.gatewayPaymentId) return null
  const latest = yield* (yield* PaymentGateway).getPayment(attempt.gatewayPaymentId)
  yield* applyGatewayPayment(latest)
  return { attempt, latest }
})

/** A PIX code or boleto still open is cancelled at the gateway, so nobody can pay it any more. */
export const cancelOpenPayment = Effect.fnUntraced(function* (latest: GatewayPayment) {
  if (latest.status !== "pending" && latest.status !== "in_process") return
  const gateway = yield* PaymentGateway
  yield* gateway.cancel(latest.id)
  yield* applyGatewayPayment(yield* gateway.getPayment(latest.id))
})

/**
 * Ends an unpaid order under its lock (expired, or called off with its account): the order lets its units (first
 * to the waitlist) and its coupon go, once, since only an order still awaiting payment holds them.
 */
export const endUnpaidOrder = Effect.fnUntraced(function* (
  orderId: string,
  end: (order: Order) => Transition,
) {
  const store = yield* OrderStore
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const locked = yield* store.lock(orderId)
      if (!locked) return false
      const next = end(locked)
      if (!next.ok) return false
      if (locked.status === "awaiting_payment") yield* releaseHeld(locked)
      yield* store.save(next.order)
      yield* (yield* EventOutbox).record(next.events as DomainEvent[])
      return true
    }),
  )
})
