import { Effect } from "effect"
import { type Fulfilment, refundable } from "../../domain/fulfilment/fulfilment"
import { cancelPaidOrder } from "../../domain/fulfilment/fulfilmentState"
import { OrderNotFound } from "../errors"
import { attemptView, orderView } from "../orders/views"
import { AccountData } from "../ports/AccountData"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { OrderAuditLog } from "../ports/OrderAuditLog"
import { OrderNotes } from "../ports/OrderNotes"
import { OrderStore } from "../ports/OrderStore"
import { requireOrderManager } from "./actors"
import { ADVANCE_STEPS } from "./advanceOrder"
import { certificateLinks, fulfilmentView } from "./fulfilmentViews"

/** Which buttons the order page offers now: each is what the state machine would accept. */
function adminActions(f: Fulfilment | null, now: number) {
  if (!f) return null
  const steps = Object.fromEntries(
    Object.entries(ADVANCE_STEPS).map(([step, apply]) => [step, apply(f, now).ok]),
  ) as Record<keyof typeof ADVANCE_STEPS, boolean>
  return {
    ...steps,
    ship: f.status === "produced",
    cancel: cancelPaidOrder(f, "admin", "-", now).ok,
    refund: refundable(f) > 0,
    decideRequests: f.requests.filter((r) => r.status === "requested").map((r) => r.id),
    resolveRequests: f.requests
      .filter((r) => r.kind !== "withdrawal" && r.status === "approved")
      .map((r) => r.id),
    receiveReturns: f.requests
      .filter((r) => r.kind === "withdrawal" && r.status === "approved")
      .map((r) => r.id),
  }
}

/** Everything about an order for its administrators: payment, customer, life after payment, audit, notes. */
export const getAdminOrder = Effect.fn("Fulfilment.getAdminOrder")(function* (orderId: string) {
  yield* requireOrderManager
  const found = yield* (yield* FulfilmentStore).get(orderId)
  if (!found) return yield* new OrderNotFound()
  const { order, fulfilment } = found
  const orders = yield* OrderStore
  const current = order.currentAttemptId ? yield* orders.getAttempt(order.currentAttemptId) : null
  const paid =
    order.paidAttemptId && order.paidAttemptId !== order.currentAttemptId
      ? yield* orders.getAttempt(order.paidAttemptId)
      : current
  const contact = order.userId ? yield* (yield* AccountData).contactOf(order.userId) : null
  const now = yield* (yield* Clock).now()
  return {
    ...orderView(order, paid),
    currentPayment: attemptView(current),
    customer: {
      userId: order.userId,
      name: contact?.name ?? order.address.name,
      email: contact?.email ?? null,
      cpf: order.cpf,
    },
    fulfilment: fulfilment ? fulfilmentView(fulfilment, order) : null,
    certificates: certificateLinks(yield* (yield* CertificateRegistry).forOrder(order.id)),
    audit: (yield* (yield* OrderAuditLog).listFor(order.id)).map((e) => ({
      id: e.id,
      action: e.action,
      actorKind: e.actor.kind,
      actorEmail: e.actor.email,
      at: e.at,
      details: e.details,
    })),
    notes: yield* (yield* OrderNotes).listFor(order.id),
    actions: adminActions(fulfilment, now),
  }
})
