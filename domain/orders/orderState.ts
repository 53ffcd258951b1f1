import { domainEvent } from "../events"
import type { Order, OrderStatus } from "./order"
import type { OrderEvent } from "./orderEvents"
import type { PaymentAttempt, PaymentStatus } from "./payment"

/** A transition's answer: the order after it and what happened, or why it may not happen. */
export type Transition =
  | { readonly ok: true; readonly order: Order; readonly events: readonly OrderEvent[] }
  | { readonly ok: false; readonly reason: string }

const refuse = (from: OrderStatus, to: string): Transition => ({ ok: false, reason: `${from} → ${to}` })

/**
 * An approved payment pays an order that is still waiting; later approvals of the same order change nothing.
 * A plan order's payment also starts the plan (PrepaidPlanPaid), exactly once since it pays exactly once.
 */
export function markPaid(
  order: Order,
  attempt: PaymentAttempt,
  paidAt: number,
  shipsOn: Order["shipsOn"],
): Transition {
  if (order.status !== "awaiting_payment") return refuse(order.status, "paid")
  return {
    ok: true,
    order: { ...order, status: "paid", paidAt, shipsOn, paidAttemptId: attempt.id },
    events: [
      domainEvent("PaymentApproved", order.id, {
        orderId: order.id,
        userId: order.userId,
        paymentId: attempt.id,
        method: attempt.method,
        amount: attempt.amount,
        installments: attempt.installments,
      }),
      ...(order.kind === "plan" && order.plan
        ? [
            domainEvent("PrepaidPlanPaid", order.id, {
              orderId: order.id,
              userId: order.userId,
              collectionId: order.plan.collectionId,
              planId: order.plan.planId,
              months: order.plan.months,
              paidAt,
            }),
          ]
        : []),
    ],
  }
}

/** The order's current attempt failed: its units and coupon go back, and the customer may try again until `payBy`. */
export function markRejected(order: Order, attempt: PaymentAttempt, statusDetail: string | null): Transition {
  if (order.status !== "awaiting_payment") return refuse(order.status, "rejected")
  return {
    ok: true,
    order: { ...order, status: "rejected" },
    events: [
      domainEvent("PaymentRejected", order.id, {
        orderId: order.id,
        userId: order.userId,
        paymentId: attempt.id,
        method: attempt.method,
        statusDetail,
      }),
    ],
  }
}

/**
 * The order's current attempt never reached the gateway: nothing was charged and nobody refused anything, so
 * the order keeps waiting for payment (and holding its units until `payBy`) and its customer is offered to pay
 * again. Never a refusal: no PaymentRejected, no "recusado" anywhere.
 */
export function markPaymentInterrupted(order: Order, attempt: PaymentAttempt): Transition {
  if (order.status !== "awaiting_payment") return refuse(order.status, "interrupted")
  if (order.currentAttemptId !== attempt.id)
    return refuse(order.status, "interrupted (not its current attempt)")
  return {
    ok: true,
    order,
    events: [
      domainEvent("PaymentInterrupted", order.id, {
        orderId: order.id,
        userId: order.userId,
        paymentId: attempt.id,
        method: attempt.method,
      }),
    ],
  }
}

/** A rejected order is tried again: it waits for payment once more (the caller reserves its units again). */
export function reopenForRetry(order: Order, attemptId: string, payBy: number): Transition {
  if (order.status !== "rejected") return refuse(order.status, "awaiting_payment")
  return {
    ok: true,
    order: { ...order, status: "awaiting_payment", currentAttemptId: attemptId, payBy },
    events: [],
  }
}

/** Unpaid past its deadline: the order ends and what it held is released. */
export function markExpired(order: Order, now: number): Transition {
  if (order.status !== "awaiting_payment" && order.status !== "rejected")
    return refuse(order.status, "expired")
  if (now < order.payBy) return refuse(order.status, "expired (before its deadline)")
  return {
    ok: true,
    order: { ...order, status: "expired" },
    events: [
      domainEvent("OrderExpired", order.id, {
        orderId: order.id,
        userId: order.userId,
        heldUnits: order.status === "awaiting_payment",
      }),
    ],
  }
}

export function markCancelled(order: Order): Transition {
  if (order.status !== "awaiting_payment" && order.status !== "rejected")
    return refuse(order.status, "cancelled")
  return {
    ok: true,
    order: { ...order, status: "cancelled" },
    events: [
      domainEvent("OrderCancelled", order.id, {
        orderId: order.id,
        userId: order.userId,
        heldUnits: order.status === "awaiting_payment",
      }),
    ],
  }
}

/** Whether an order in this status holds edition units and a coupon use. */
export const holdsReservations = (status: OrderStatus) => status === "awaiting_payment" || status === "paid"

/**
 * What a reported payment status means for its order. An approval of an order that has already let its units
 * go (rejected by an earlier attempt, expired) must win them back or be refunded: money is never kept without
 * an order to show for it.
 */
export type PaymentEffect = "pay" | "reject" | "reclaim" | "refund" | "none"

export function paymentEffect(order: Order, attempt: PaymentAttempt, status: PaymentStatus): PaymentEffect {
  if (status === "approved") {
    if (order.status === "awaiting_payment") return "pay"
    if (order.status === "paid") return order.paidAttemptId === attempt.id ? "none" : "refund"
    // The customer called the order off: their money goes back rather than reviving it.
    return order.status === "cancelled" ? "refund" : "reclaim"
  }
  if ((status === "rejected" || status === "cancelled") && order.status === "awaiting_payment")
    return attempt.id === order.currentAttemptId ? "reject" : "none"
  return "none"
}
