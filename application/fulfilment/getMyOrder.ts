import { Effect } from "effect"
import { orderAsCustomerSees } from "../../domain/orders/order"
import { OrderNotFound } from "../errors"
import { orderView } from "../orders"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { OrderStore } from "../ports/OrderStore"
import { requireCustomer } from "../viewer"
import { actionsView, certificateLinks, fulfilmentView } from "./fulfilmentViews"

/**
 * The customer's order page: lines, amounts, payment, address, timeline, edition numbers with their
 * certificates, and the actions the rules allow now. Another customer's order is "not found".
 */
export const getMyOrder = Effect.fn("Fulfilment.getMyOrder")(function* (orderId: string) {
  const actor = yield* requireCustomer
  const found = yield* (yield* FulfilmentStore).get(orderId)
  if (!found || found.order.userId !== actor.id) return yield* new OrderNotFound()
  const now = yield* (yield* Clock).now()
  const { fulfilment } = found
  const order = orderAsCustomerSees(found.order, now)
  const orders = yield* OrderStore
  const attemptId = order.paidAttemptId ?? order.currentAttemptId
  const attempt = attemptId ? yield* orders.getAttempt(attemptId) : null
  return {
    ...orderView(order, attempt),
    fulfilment: fulfilment ? fulfilmentView(fulfilment, order) : null,
    certificates: certificateLinks(yield* (yield* CertificateRegistry).forOrder(order.id), now),
    actions: actionsView(fulfilment, now),
  }
})

export type MyOrderView = Effect.Success<ReturnType<typeof getMyOrder>>
