import { Effect } from "effect"
import { disclosedPiece } from "../../domain/catalog/characterDisclosure"
import {
  boughtPieceLabel,
  ORDER_STATUS_LABEL,
  type Order,
  orderAsCustomerSees,
} from "../../domain/orders/order"
import { PAYMENT_MESSAGES, pendingReason, rejectionReason } from "../../domain/orders/paymentMessages"
import { orderTotalRows } from "../../domain/orders/totalRows"
import { cardTotals, pixOffer } from "../../domain/pricing/pixCheckout"
import { orderPlanLabel } from "../../domain/subscriptions/prepaidPlans"
import { OrderNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import type { PixInstructions } from "../ports/PaymentGateway"
import { requireViewer } from "../viewer"

/**
 * What the customer is told about a payment attempt: its state, the next step and, for PIX and boleto, how to pay.
 * A PIX is said to end with its order (`payBy`), which may come before the code's own expiry at the gateway.
 */
export function attemptView(attempt: StoredAttempt | null, payBy: number | null = null) {
  if (!attempt) return null
  const status = attempt.status
  return {
    id: attempt.id,
    method: attempt.method,
    status,
    installments: attempt.installments,
    amount: attempt.amount,
    cardLastFour: attempt.cardLastFour,
    paymentMethodId: attempt.paymentMethodId,
    message:
      status === "approved"
        ? "Pagamento aprovado!"
        : status === "rejected" || status === "cancelled"
          ? rejectionReason(attempt.statusDetail)
          : status === "interrupted"
            ? PAYMENT_MESSAGES.interrupted
            : status === "new" && attempt.redirectUrl
              ? "Continue o pagamento no Mercado Pago."
              : pendingReason(attempt.statusDetail),
    pix: attempt.status === "pending" && attempt.pix ? pixEndingBy(attempt.pix, payBy) : null,
    boleto: attempt.status === "pending" ? attempt.boleto : null,
    redirectUrl: attempt.status === "new" ? attempt.redirectUrl : null,
    paidAt: status === "approved" ? attempt.updatedAt : null,
  }
}

const pixEndingBy = (pix: PixInstructions, payBy: number | null): PixInstructions =>
  payBy !== null && (pix.expiresAt === null || payBy < pix.expiresAt) ? { ...pix, expiresAt: payBy } : pix

/** Whether an order still waiting may be paid again: its attempt is open, or never reached the gateway. */
export const mayPayAgain = (attempt: StoredAttempt | null) =>
  attempt?.status === "pending" || attempt?.status === "new" || attempt?.status === "interrupted"

export function orderView(order: Order, attempt: StoredAttempt | null) {
  return {
    id: order.id,
    number: order.number,
    trackingCode: order.trackingCode,
    status: order.status,
    statusLabel: ORDER_STATUS_LABEL[order.status],
    kind: order.kind,
    /** What a plan order bought, and how the pages say it ('Plano Trimestral — Coleção X, 3 meses'). */
    plan: order.plan ? { ...order.plan, label: orderPlanLabel(order.plan) } : null,
    lines: order.lines,
    totals: order.totals,
    /** The totals line by line (coupon, coins, PIX discount), as every page and e-mail shows them. */
    totalRows: orderTotalRows(order),
    /** A switch of method recomputes the totals: these by card, boleto or Mercado Pago; `pix` by PIX. */
    cardTotals: cardTotals(order.totals),
    pix: pixOffer(order, order.pixDiscountBasisPoints),
    couponCode: order.couponCode,
    shipping: order.shipping,
    address: order.address,
    shipsOn: order.shipsOn,
    placedAt: order.placedAt,
    paidAt: order.paidAt,
    payBy: order.payBy,
    payment: attemptView(attempt, order.payBy),
    /**
     * Whether the customer may pay again (after a refusal or an attempt that never reached the gateway, or to
     * switch from a waiting PIX or boleto).
     */
    canRetry: order.status === "rejected" || (order.status === "awaiting_payment" && mayPayAgain(attempt)),
  }
}

export type OrderView = ReturnType<typeof orderView>

/** The order with its current payment, for its owner only: another customer's order is "not found". */
export const paymentView = Effect.fn("Orders.paymentView")(function* (orderId: string) {
  const viewer = yield* requireViewer
  const found = yield* (yield* OrderStore).getWithAttempt(orderId)
  if (!found || found.order.userId !== viewer.id) return yield* new OrderNotFound()
  return orderView(orderAsCustomerSees(found.order, yield* (yield* Clock).now()), found.attempt)
})

export const listMyOrders = Effect.fn("Orders.listMyOrders")(function* () {
  return yield* ordersOfCustomer((yield* requireViewer).id)
})

/** A customer's latest orders, each named by what it bought as they may know it now (the reveal rule). */
export const ordersOfCustomer = Effect.fnUntraced(function* (userId: string) {
  const now = yield* (yield* Clock).now()
  const orders = yield* (yield* OrderStore).listForUser(userId, 50)
  return orders.map(({ planLabel, firstLine, ...order }) => ({
    ...order,
    firstItemName:
      planLabel ?? (firstLine ? boughtPieceLabel(disclosedPiece(firstLine, firstLine.reveal, now)) : ""),
  }))
})
