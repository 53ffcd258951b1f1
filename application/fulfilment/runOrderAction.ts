import { Effect } from "effect"
import type { Fulfilment, FulfilmentChange } from "../../domain/fulfilment/fulfilment"
import type { Order } from "../../domain/orders/order"
import { FulfilmentRefused, OrderNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { Ids } from "../ports/Ids"
import { type AuditActor, OrderAuditLog } from "../ports/OrderAuditLog"
import { UnitOfWork } from "../ports/UnitOfWork"
import { saveFulfilmentChange } from "./saveFulfilmentChange"

export interface OrderAction {
  readonly orderId: string
  /** "start_production", "ship", ...: what the audit log calls it. */
  readonly action: string
  /** One per confirmation (the dialog makes it): the same key again is the same action, done once. */
  readonly actionKey: string
  readonly actor: AuditActor
  /** What was asked, for the audit log (never a card or a password). */
  readonly details?: Readonly<Record<string, unknown>>
}

export interface ActionContext {
  readonly now: number
  readonly order: Order
  /** A fresh id for the shipment, refund or request the change creates. */
  readonly newId: string
}

export interface ActionOutcome {
  readonly orderId: string
  readonly status: Fulfilment["status"]
  /** True when the key was used before: nothing was done again. */
  readonly repeated: boolean
}

/**
 * Applies one action to a paid order as one unit of work: the order's row is locked, an action key seen before
 * answers with the order as it is (a retried click, two tabs), the domain decides, and the new state, its events
 * (the e-mails) and the audit entry commit together. A customer acting (`actor.kind` "customer") reaches only
 * their own orders; another's answers as if it did not exist.
 */
export const runOrderAction = Effect.fnUntraced(function* (
  request: OrderAction,
  decide: (fulfilment: Fulfilment, context: ActionContext) => FulfilmentChange,
) {
  const store = yield* FulfilmentStore
  const audit = yield* OrderAuditLog
  const ids = yield* Ids
  const now = yield* (yield* Clock).now()
  const newId = yield* ids.uuid()
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const found = yield* store.lock(request.orderId)
      if (!found || (request.actor.kind === "customer" && found.order.userId !== request.actor.id))
        return yield* new OrderNotFound()
      const { order, fulfilment } = found
      const earlier = yield* audit.findByKey(request.actionKey)
      if (earlier) {
        if (earlier.orderId !== order.id || earlier.action !== request.action)
          return yield* new FulfilmentRefused({ message: "Esta confirmação já foi usada em outra ação." })
        return { orderId: order.id, status: fulfilment?.status ?? "awaiting_production", repeated: true }
      }
      if (!fulfilment) return yield* new FulfilmentRefused({ message: "O pedido ainda não foi pago." })
      const change = decide(fulfilment, { now, order, newId })
      if (!change.ok) return yield* new FulfilmentRefused({ message: change.reason })
      yield* saveFulfilmentChange(fulfilment, change)
      yield* audit.record({
        id: yield* ids.uuid(),
        orderId: order.id,
        action: request.action,
        actor: request.actor,
        actionKey: request.actionKey,
        details: { ...request.details, from: fulfilment.status, to: change.fulfilment.status },
        at: now,
      })
      return { orderId: order.id, status: change.fulfilment.status, repeated: false } satisfies ActionOutcome
    }),
  )
})
