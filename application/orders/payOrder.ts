import { Effect } from "effect"
import { COUPON_MESSAGES } from "../../domain/orders/coupon"
import { payByFor } from "../../domain/orders/deadlines"
import { EDITION_MESSAGES } from "../../domain/orders/editions"
import { reopenForRetry } from "../../domain/orders/orderState"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { cardTotals, totalsForMethod } from "../../domain/pricing/pixCheckout"
import { CheckoutRefused, OrderNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import { OrderStore } from "../ports/OrderStore"
import { PaymentGateway } from "../ports/PaymentGateway"
import { UnitOfWork } from "../ports/UnitOfWork"
import { requireViewer } from "../viewer"
import { enforceEditionLimits } from "./enforceEditionLimits"
import { checkInstallments, newAttempt, type PaymentChoice } from "./placeOrder"
import { reserveHeld } from "./releaseHeld"
import { submitPayment } from "./submitPayment"
import { mayPayAgain, paymentView } from "./views"

/**
 * Pays an order again: after a refusal (its units and coupon are taken again, if still there), after an attempt
 * that never reached the gateway (the order kept its units), or to switch from a PIX code or boleto not yet paid
 * to another method (the old one is then cancelled at the gateway).
 */
export const payOrder = Effect.fn("Orders.payOrder")(function* (input: {
  readonly orderId: string
  readonly idempotencyKey: string
  readonly payment: PaymentChoice
}) {
  const viewer = yield* requireViewer
  const store = yield* OrderStore
  const found = yield* store.get(input.orderId)
  if (!found || found.userId !== viewer.id) return yield* new OrderNotFound()
  const existing = yield* store.findAttemptByKey(found.id, input.idempotencyKey)
  if (!existing) {
    yield* checkInstallments(input.payment, cardTotals(found.totals).total)
    const now = yield* (yield* Clock).now()
    const attemptId = yield* (yield* Ids).uuid()
    const superseded = yield* (yield* UnitOfWork).atomically(
      Effect.gen(function* () {
        const order = yield* store.lock(found.id)
        if (!order) return yield* new OrderNotFound()
        // A twin request with this key got the lock first: its attempt is the one to pay.
        if (yield* store.findAttemptByKey(order.id, input.idempotencyKey)) return null
        const current = order.currentAttemptId ? yield* store.lockAttempt(order.currentAttemptId) : null
        const payBy = payByFor(input.payment.method, now)
        // Switching method recomputes the totals: the order's own PIX discount by PIX, none otherwise.
        const totals = totalsForMethod(order, input.payment.method, order.pixDiscountBasisPoints)
        if (order.status === "rejected") {
          const held = yield* reserveHeld(order)
          if (!held.ok)
            return yield* new CheckoutRefused({
              message:
                "coupon" in held
                  ? COUPON_MESSAGES.exhausted
                  : held.left === 0
                    ? EDITION_MESSAGES.soldOut(held.productName)
                    : EDITION_MESSAGES.notEnough(held.productName, held.left),
            })
          yield* enforceEditionLimits(order)
          const reopened = reopenForRetry(order, attemptId, payBy)
          if (!reopened.ok) return yield* new CheckoutRefused({ message: PAYMENT_MESSAGES.notPayable })
          yield* store.save({ ...reopened.order, totals })
        } else if (order.status === "awaiting_payment" && mayPayAgain(current)) {
          yield* store.save({
            ...order,
            totals,
            currentAttemptId: attemptId,
            payBy: Math.max(order.payBy, payBy),
          })
        } else return yield* new CheckoutRefused({ message: PAYMENT_MESSAGES.notPayable })
        yield* store.insertAttempt(
          newAttempt(attemptId, order.id, input.idempotencyKey, input.payment, totals.total, now),
        )
        return current?.status === "pending" ? current.gatewayPaymentId : null
      }),
    )
    // Best effort: a PIX or boleto paid after all is still applied, and refunded as a double payment.
    if (superseded) yield* (yield* PaymentGateway).cancel(superseded).pipe(Effect.ignore)
  }
  const attempt = existing ?? (yield* store.findAttemptByKey(found.id, input.idempotencyKey))
  if (attempt)
    yield* submitPayment(attempt.id, input.payment.method === "card" ? input.payment.card : null, viewer)
  return yield* paymentView(found.id)
})
