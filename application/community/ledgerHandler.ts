import { Effect } from "effect"
import { planMonthEntry, purchaseEntry, reviewEntry } from "../../domain/community/ledger"
import type { RecordedEvent } from "../../domain/events"
import { isOrderEnd } from "../../domain/fulfilment/orderEnd"
import type { Order } from "../../domain/orders/order"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import type { EventHandler } from "../events"
import { orderOfEvent } from "../events"
import type { CollectorFacts } from "../ports/CollectorFacts"
import { CommunityLedger, type NewPiece } from "../ports/CommunityLedger"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import type { OrderStore } from "../ports/OrderStore"
import { refreshCollector } from "./refreshCollector"

const piecesOf = (order: Order, userId: string, at: number): NewPiece[] =>
  order.lines.flatMap((line, position) =>
    Array.from({ length: line.quantity }, (_, i) => ({
      userId,
      productId: line.productId,
      collectionId: line.collectionId,
      source: order.kind === "subscription" ? ("subscription" as const) : ("purchase" as const),
      orderId: order.id,
      orderPosition: position,
      unit: i + 1,
      priceCents: line.unitPrice,
      acquiredAt: at,
    })),
  )

/**
 * The collector's pieces and points for a paid purchase or a plan month's shipment; the backfill replays the
 * orders paid before the community existed through here too.
 */
export const acquire = Effect.fnUntraced(function* (order: Order, userId: string, fallbackAt: number) {
  const at = order.paidAt ?? fallbackAt
  const ledger = yield* CommunityLedger
  yield* ledger.addPieces(piecesOf(order, userId, at))
  const units = order.lines.reduce((n, line) => n + line.quantity, 0)
  yield* ledger.record(
    order.kind === "subscription"
      ? planMonthEntry(userId, order.id, monthOfInstant(at), at)
      : purchaseEntry(userId, order.id, units, at),
  )
})

/** The collector an event concerns and what it changes for them; null when it concerns none. */
const apply = (event: RecordedEvent) =>
  Effect.gen(function* () {
    switch (event.type) {
      case "PaymentApproved":
      case "PlanMonthOrderPlaced": {
        const order = yield* orderOfEvent(event.payload.orderId)
        if (order?.userId == null || order.status !== "paid") return null
        // A prepaid plan's order holds no figure: its months ship as orders of their own.
        if (order.kind === "plan") return null
        if (event.type === "PaymentApproved" && order.kind !== "purchase") return null
        // Under the order's lock: an order that ended first earns nothing; one ending later waits for these
        // pieces and takes them back.
        const ended = (yield* (yield* FulfilmentStore).lock(order.id))?.fulfilment
        if (ended && isOrderEnd(ended.status)) return null
        yield* acquire(order, order.userId, event.occurredAt)
        return order.userId
      }
      case "DeliveryRated":
        if (event.payload.userId === null) return null
        yield* (yield* CommunityLedger).record(
          reviewEntry(event.payload.userId, event.payload.shipmentId, event.occurredAt),
        )
        return event.payload.userId
      default:
        return null
    }
  })

/**
 * The community's points ledger and pieces, fed by events only (never by a client call): a paid purchase, a plan
 * month's shipment, a rated delivery (an order's end undoes them: takeBackOrder). Transactional, so a
 * redelivered event changes nothing; the ledger's unique keys also make a second event for the same order count
 * once.
 */
export const communityLedgerHandler: EventHandler<
  CommunityLedger | CollectorFacts | OrderStore | FulfilmentStore
> = {
  name: "community.ledger",
  on: ["PaymentApproved", "PlanMonthOrderPlaced", "DeliveryRated"],
  mode: "transactional",
  handle: (event) =>
    Effect.gen(function* () {
      const userId = yield* apply(event)
      if (userId) yield* refreshCollector(userId, event.occurredAt)
    }),
}
