import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import { type DomainEvent, domainEvent } from "../../domain/events"
import type { Order, OrderLine } from "../../domain/orders/order"
import { markPaid, markRejected, paymentEffect, type Transition } from "../../domain/orders/orderState"
import { nextPaymentStatus, type PaymentStatus } from "../../domain/orders/payment"
import { shipDate } from "../../domain/shipping/schedule"
import { CartStore } from "../ports/CartStore"
import { Clock } from "../ports/Clock"
import { CouponStore } from "../ports/CouponStore"
import type { EditionLimits } from "../ports/EditionLimits"
import { EditionStock } from "../ports/EditionStock"
import { EventOutbox } from "../ports/EventOutbox"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import type { GatewayPayment } from "../ports/PaymentGateway"
import { UnitOfWork } from "../ports/UnitOfWork"
import { reclaimCustomerPerks } from "./customerHolds"
import { editionLimitBreach } from "./enforceEditionLimits"
import { numberedInLockOrder, releaseHeld } from "./releaseHeld"

const applied = (order: Transition): Order & { events: readonly DomainEvent[] } => {
  if (!order.ok) throw new Error(`Order transition refused: ${order.reason}`)
  return { ...order.order, events: order.events }
}

/** Why a late approval's order cannot have its units back: the refund's reason. */
export const LATE_APPROVAL_REFUSALS = {
  soldOut: "edição esgotada antes da aprovação",
  limit: "limite por colecionador atingido antes da aprovação",
} as const

/**
 * Takes a late approval's units again, every line's or none, within the collector's limits (they may have
 * bought the edition again meanwhile): the reason when it cannot, with nothing taken.
 */
const retakeUnits = Effect.fnUntraced(function* (order: Order) {
  const stock = yield* EditionStock
  const numbered = numberedInLockOrder(order)
  const giveBack = (lines: typeof numbered) =>
    Effect.forEach(lines, (l) => stock.release(l.productId, l.quantity), { discard: true })
  for (const [i, line] of numbered.entries())
    if (!(yield* stock.reserve(line.productId, line.quantity)).ok) {
      yield* giveBack(numbered.slice(0, i))
      return LATE_APPROVAL_REFUSALS.soldOut
    }
  // Counted once every edition's row is locked by the reservations above.
  if ((yield* editionLimitBreach(order)) === null) return null
  yield* giveBack(numbered)
  return LATE_APPROVAL_REFUSALS.limit
})

type Refused = { readonly ok: false; readonly refused: string }

/** Numbers each edition unit of a paid order; a late approval's reason when it cannot have them. */
const confirmUnits = Effect.fnUntraced(function* (
  order: Order,
  reserved: boolean,
): Effect.fn.Return<
  { readonly ok: true; readonly lines: OrderLine[] } | Refused,
  never,
  EditionStock | EditionLimits
> {
  const stock = yield* EditionStock
  if (!reserved) {
    const refused = yield* retakeUnits(order)
    if (refused !== null) return { ok: false, refused }
  }
  // Numbered in lock order, each line keeping its place in the order.
  const serials = new Map<OrderLine, readonly number[]>()
  for (const line of numberedInLockOrder(order))
    serials.set(line, yield* stock.confirm(line.productId, line.quantity))
  const lines = order.lines.map((line) => {
    const numbered = serials.get(line)
    return numbered ? { ...line, serials: numbered } : line
  })
  return { ok: true, lines }
})

/**
 * The order's lines leave its customer's cart once the order holds them for good or for a while (paid, or a PIX
 * or boleto to pay): left there, they would read as a second purchase past the edition's limit. A refused card
 * leaves them, for the customer to try again. A customer who deleted the account has no cart left to tidy.
 */
const leaveCart = ({ userId, lines }: Order) =>
  userId
    ? CartStore.use((carts) =>
        carts.remove(
          userId,
          lines.map((l) => l.productId),
        ),
      )
    : Effect.void

/** An order paid: units numbered, coupon counted, its lines leave the cart, and it ships on the schedule's day. */
const pay = Effect.fnUntraced(function* (order: Order, attempt: StoredAttempt, reserved: boolean) {
  const now = yield* (yield* Clock).now()
  const clearCart = leaveCart(order)
  // Before the units, so the edition's row stays locked as briefly as possible.
  if (reserved) yield* clearCart
  const confirmed = yield* confirmUnits(order, reserved)
  if (!confirmed.ok) return confirmed
  const { lines } = confirmed
  if (!reserved) yield* clearCart
  const paid = applied(
    markPaid({ ...order, lines, status: "awaiting_payment" }, attempt, now, shipDate(toSaoPauloCivil(now))),
  )
  if (order.couponId) {
    const coupons = yield* CouponStore
    if (!reserved) yield* coupons.use(order.couponId)
    yield* coupons.recordConversion(order.couponId, order.totals.total)
  }
  if (!reserved) yield* reclaimCustomerPerks(order)
  return { ok: true as const, paid }
})

/** What applying a payment did, and, when it moved the attempt on, the attempt and its order as stored now. */
export type AppliedPayment =
  | { readonly outcome: "unknown" | "unchanged" }
  | { readonly outcome: PaymentStatus; readonly order: Order; readonly attempt: StoredAttempt }

/**
 * Applies a payment as the gateway reports it: the attempt moves forward only (duplicates and stale updates
 * change nothing), and the order follows in the same transaction. The gateway's word is the truth; this is
 * the one path for the checkout's answer, webhooks and reconciliation alike.
 */
export const applyGatewayPayment = (payment: GatewayPayment) =>
  applyGatewayPaymentState(payment).pipe(Effect.map((applied) => applied.outcome))

/** `applyGatewayPayment`, answering with the state it left, so a caller showing it need not read it again. */
export const applyGatewayPaymentState = Effect.fn("Orders.applyGatewayPayment")(function* (
  payment: GatewayPayment,
) {
  const store = yield* OrderStore
  const outbox = yield* EventOutbox
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const attempt = yield* findAttempt(payment)
      if (!attempt || attempt.orderId !== payment.orderId) {
        yield* Effect.logWarning("payment of no known attempt").pipe(
          Effect.annotateLogs({ gatewayPaymentId: payment.id, orderId: payment.orderId }),
        )
        return { outcome: "unknown" } as const
      }
      const status = nextPaymentStatus(attempt.status, payment.status)
      const now = yield* (yield* Clock).now()
      const updated: StoredAttempt = {
        ...attempt,
        gatewayPaymentId: payment.id,
        status: status ?? attempt.status,
        statusDetail: status ? payment.statusDetail : attempt.statusDetail,
        installments: payment.installments || attempt.installments,
        paymentMethodId: payment.paymentMethodId || attempt.paymentMethodId,
        cardLastFour: payment.cardLastFour ?? attempt.cardLastFour,
        pix: payment.pix ?? attempt.pix,
        boleto: payment.boleto ?? attempt.boleto,
        updatedAt: now,
      }
      // A duplicate or stale notification writes nothing (reconciliation moves its attempts on by itself).
      if (status || !sameStoredAttempt(updated, attempt)) yield* store.saveAttempt(updated)
      if (!status) return { outcome: "unchanged" } as const

      const order = yield* store.lock(attempt.orderId)
      if (!order) return { outcome: "unknown" } as const
      const events: DomainEvent[] = []
      // An interrupted attempt's PIX or boleto the gateway did issue after all is told like any other.
      const unsent = attempt.status === "new" || attempt.status === "interrupted"
      if (unsent && status === "pending" && (payment.pix || payment.boleto)) {
        yield* leaveCart(order)
        events.push(
          domainEvent("PaymentInstructionsIssued", order.id, {
            orderId: order.id,
            userId: order.userId,
            paymentId: attempt.id,
            method: attempt.method,
            amount: attempt.amount,
          }),
        )
      }
      const next = yield* orderAfter(order, updated, status)
      if (next) {
        yield* store.save(next)
        events.push(...next.events)
      }
      yield* outbox.record(events)
      const applied: AppliedPayment = { outcome: status, order: next ?? order, attempt: updated }
      return applied
    }),
  )
})

/** Whether saving `a` would write what `b` already holds (`updatedAt` aside). */
const sameStoredAttempt = (a: StoredAttempt, b: StoredAttempt) =>
  a.status === b.status &&
  a.statusDetail === b.statusDetail &&
  a.gatewayPaymentId === b.gatewayPaymentId &&
  a.installments === b.installments &&
  a.paymentMethodId === b.paymentMethodId &&
  a.cardLastFour === b.cardLastFour &&
  a.redirectUrl === b.redirectUrl &&
  JSON.stringify(a.pix) === JSON.stringify(b.pix) &&
  JSON.stringify(a.boleto) === JSON.stringify(b.boleto)

const findAttempt = Effect.fnUntraced(function* (payment: GatewayPayment) {
  const store = yield* OrderStore
  const byId = payment.attemptId ? yield* store.lockAttempt(payment.attemptId) : null
  if (byId) return byId
  const byGateway = yield* store.findAttemptByGatewayId(payment.id)
  if (byGateway) return yield* store.lockAttempt(byGateway.id)
  // Checkout Pro: Mercado Pago creates the payment; the order's current attempt is the preference's.
  const order = yield* store.get(payment.orderId)
  const current = order?.currentAttemptId ? yield* store.lockAttempt(order.currentAttemptId) : null
  return current?.method === "checkout_pro" && current.gatewayPaymentId === null ? current : null
})

const orderAfter = Effect.fnUntraced(function* (order: Order, attempt: StoredAttempt, status: PaymentStatus) {
  switch (paymentEffect(order, attempt, status)) {
    case "pay": {
      const result = yield* pay(order, attempt, true)
      if (!result.ok) throw new Error(`reserved units refused: ${result.refused}`)
      return result.paid
    }
    case "reject": {
      const rejected = applied(markRejected(order, attempt, attempt.statusDetail))
      yield* releaseHeld(order)
      return rejected
    }
    case "reclaim": {
      // The order had let its units go; paid now, it wins them back if they are still there.
      const result = yield* pay(order, attempt, false)
      if (result.ok) return result.paid
      return { ...order, events: [refundRequired(order, attempt, result.refused)] }
    }
    case "refund":
      return { ...order, events: [refundRequired(order, attempt, "pedido já pago por outro pagamento")] }
    case "none":
      return null
  }
})

const refundRequired = (order: Order, attempt: StoredAttempt, reason: string) =>
  domainEvent("PaymentRefundRequired", order.id, {
    orderId: order.id,
    userId: order.userId,
    paymentId: attempt.id,
    reason,
  })
