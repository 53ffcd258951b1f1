import { Effect } from "effect"
import {
  ADMIN_ORDER_ACTIONS,
  AUDIT_ACTION_LABEL,
  adminActions,
  ORDER_EVENT_LABEL,
} from "../../domain/fulfilment/adminActions"
import { auditDetailText } from "../../domain/fulfilment/auditDetails"
import { editionLabel } from "../../domain/fulfilment/certificate"
import { PAYMENT_METHOD_LABEL } from "../../domain/orders/order"
import { cardBrandLabel, PAYMENT_STATUS_LABEL } from "../../domain/orders/payment"
import { OrderNotFound } from "../errors"
import { certificatePath, fulfilmentView, requireOrderManager, shipmentView } from "../fulfilment"
import { attemptView, orderView } from "../orders"
import { AccountData } from "../ports/AccountData"
import { AdminOrderQueries } from "../ports/AdminOrderQueries"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { Clock } from "../ports/Clock"
import { CustomerDetails } from "../ports/CustomerDetails"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { OrderAuditLog } from "../ports/OrderAuditLog"
import { OrderNotes } from "../ports/OrderNotes"
import type { StoredAttempt } from "../ports/OrderStore"

const attemptRow = (attempt: StoredAttempt) => ({
  id: attempt.id,
  method: attempt.method,
  methodLabel: PAYMENT_METHOD_LABEL[attempt.method],
  status: attempt.status,
  statusLabel: PAYMENT_STATUS_LABEL[attempt.status],
  statusDetail: attempt.statusDetail,
  /** "Mastercard final 6351" for a card; null otherwise. */
  card:
    attempt.method === "card" && attempt.paymentMethodId
      ? `${cardBrandLabel(attempt.paymentMethodId)}${attempt.cardLastFour ? ` final ${attempt.cardLastFour}` : ""}`
      : null,
  /** What the customer was told about it. */
  message: attemptView(attempt)?.message ?? "",
  amount: attempt.amount,
  installments: attempt.installments,
  cardLastFour: attempt.cardLastFour,
  paymentMethodId: attempt.paymentMethodId,
  gatewayPaymentId: attempt.gatewayPaymentId,
  createdAt: attempt.createdAt,
  updatedAt: attempt.updatedAt,
})

/**
 * Everything about one order for its administration page: lines with their edition numbers, customer and
 * address, every payment attempt, the shipment, refunds and after-sale requests, certificates, the audit log,
 * internal notes and recorded events, and the actions the state machine allows now.
 */
export const getAdminOrder = Effect.fn("AdminOrders.getAdminOrder")(function* (orderId: string) {
  yield* requireOrderManager
  const found = yield* (yield* FulfilmentStore).get(orderId)
  if (!found) return yield* new OrderNotFound()
  const { order, fulfilment } = found
  const queries = yield* AdminOrderQueries
  const attempts = yield* queries.attempts(order.id)
  const shownId = order.paidAttemptId ?? order.currentAttemptId
  const contact = order.userId ? yield* (yield* AccountData).contactOf(order.userId) : null
  const details = order.userId && contact ? yield* (yield* CustomerDetails).get(order.userId) : null
  const now = yield* (yield* Clock).now()
  const allowed = fulfilment ? adminActions(fulfilment, now) : null
  const audit = yield* (yield* OrderAuditLog).listFor(order.id)
  return {
    ...orderView(order, attempts.find((a) => a.id === shownId) ?? null),
    cpf: order.cpf,
    customer: contact ? { name: contact.name, email: contact.email, phone: details?.phone ?? "" } : null,
    attempts: attempts.map(attemptRow),
    fulfilment: fulfilment
      ? { ...fulfilmentView(fulfilment, order), shipments: fulfilment.shipments.map(shipmentView) }
      : null,
    actions: allowed
      ? {
          available: ADMIN_ORDER_ACTIONS.filter((action) => allowed.allowed[action]),
          requests: allowed.requests,
        }
      : { available: [], requests: [] },
    certificates: (yield* (yield* CertificateRegistry).forOrder(order.id)).map((c) => ({
      code: c.code,
      productName: c.productName,
      edition: editionLabel(c.serial, c.editionSize),
      path: certificatePath(c.code),
      revoked: c.revokedAt !== null,
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      action: entry.action,
      label: AUDIT_ACTION_LABEL[entry.action] ?? entry.action,
      actorKind: entry.actor.kind,
      actorEmail: entry.actor.email,
      details: entry.details,
      detailText: auditDetailText(entry.details),
      at: entry.at,
    })),
    notes: yield* (yield* OrderNotes).listFor(order.id),
    events: (yield* queries.events(order.id)).map((e) => ({
      ...e,
      label: ORDER_EVENT_LABEL[e.type] ?? e.type,
    })),
  }
})

export type AdminOrderDetail = Effect.Success<ReturnType<typeof getAdminOrder>>
