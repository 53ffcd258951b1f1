import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import type { Character } from "../../domain/catalog/catalog"
import { domainEvent } from "../../domain/events"
import { orderNumber, trackingCodeFrom } from "../../domain/orders/orderNumber"
import { type Month, monthKey } from "../../domain/subscriptions/coverage"
import { monthShipmentKey, monthShipmentOrder } from "../../domain/subscriptions/shipment"
import { AddressBook } from "../ports/AddressBook"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { CustomerDetails } from "../ports/CustomerDetails"
import { EditionStock } from "../ports/EditionStock"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import { OrderStore } from "../ports/OrderStore"
import { type PlanMonth, PlanMonths } from "../ports/PlanMonths"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { pricedCollection } from "./recurringPlans"

/** The character of a collection whose edition (reveal) falls in the month; null past the collection's end. */
export const characterOfMonth = Effect.fnUntraced(function* (collectionId: string, month: Month) {
  const characters = yield* (yield* CatalogRepository).listCharacters(collectionId)
  return characters.find((c: Character) => monthKey(c.edition) === month) ?? null
})

/** Where the month's parcel goes: the plan's chosen address, else the collector's default one. */
const deliveryAddress = Effect.fnUntraced(function* (row: PlanMonth) {
  const book = yield* AddressBook
  const { addressId } = yield* (yield* PlanMonths).settings(row.sourceId)
  const chosen = addressId ? yield* book.get(row.userId, addressId) : null
  if (chosen) return chosen
  const all = yield* book.list(row.userId)
  return all.find((a) => a.isDefault) ?? all[0] ?? null
})

/** The CPF the plan was paid with (for the invoice), else the one on the collector's account. */
const cpfOf = Effect.fnUntraced(function* (row: PlanMonth) {
  const paidWith =
    row.sourceKind === "subscription"
      ? (yield* (yield* SubscriptionStore).get(row.sourceId))?.cpf
      : (yield* (yield* OrderStore).get(row.sourceId))?.cpf
  return paidWith || ((yield* (yield* CustomerDetails).get(row.userId)).cpf ?? "")
})

/**
 * The numbered unit of the month: the one held for it when the month was paid ahead, else the next one if any
 * is left. Subscribers come first by holding their units ahead; when the run is sold out all the same, the
 * subscriber still gets the month's character, made outside the numbered run (no serial).
 */
const unitFor = Effect.fnUntraced(function* (row: PlanMonth, productId: string) {
  const stock = yield* EditionStock
  const size = (yield* stock.sizes([productId])).get(productId) ?? null
  if (size === null) return null
  const held = row.heldProductId === productId || (yield* stock.reserve(productId, 1)).ok
  if (!held) {
    yield* Effect.logWarning("subscriber's month sold out: shipped outside the numbered run").pipe(
      Effect.annotateLogs({ sourceId: row.sourceId, month: row.month, productId }),
    )
    return null
  }
  const [serial] = yield* stock.confirm(productId, 1)
  return serial === undefined ? null : { size, serial }
})

/**
 * Makes a covered month's shipment, exactly once whoever asks (the payment's handler, the daily job, a retry):
 * the month's row is locked and keeps the order's id. Answers the order's id, or null when there is nothing to
 * ship yet (no character for the month, no address on file: the daily job tries again).
 */
export const shipPlanMonth = Effect.fn("Subscriptions.shipPlanMonth")(function* (row: PlanMonth) {
  if (row.orderId) return row.orderId
  // The catalogue is read before the transaction (it is not part of it).
  const character = yield* characterOfMonth(row.collectionId, row.month)
  if (!character) {
    yield* Effect.logWarning("no character for a covered month").pipe(
      Effect.annotateLogs({ collectionId: row.collectionId, month: row.month }),
    )
    return null
  }
  const { collection, unitPrice } = yield* pricedCollection(row.collectionId).pipe(
    Effect.catchTag("CollectionNotFound", () => Effect.succeed({ collection: null, unitPrice: 0 })),
  )
  if (!collection) return null
  const months = yield* PlanMonths
  const orders = yield* OrderStore
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const locked = yield* months.lock(row.sourceId, row.month)
      if (!locked || locked.orderId) return locked?.orderId ?? null
      const address = yield* deliveryAddress(locked)
      if (!address) {
        yield* Effect.logWarning("no address for a subscriber's shipment").pipe(
          Effect.annotateLogs({ userId: locked.userId, month: locked.month }),
        )
        return null
      }
      const ids = yield* Ids
      const now = yield* (yield* Clock).now()
      const order = monthShipmentOrder({
        id: yield* ids.uuid(),
        number: orderNumber(toSaoPauloCivil(now).year, yield* orders.nextSequence()),
        trackingCode: trackingCodeFrom(yield* ids.randomBytes(8)),
        userId: locked.userId,
        month: locked.month,
        paidAt: locked.paidAt,
        now,
        character: {
          id: character.id,
          name: character.name,
          imageUrl: character.imageUrl,
          collectionId: collection.id,
          collectionName: collection.name,
        },
        unitPrice: character.price ?? unitPrice,
        edition: yield* unitFor(locked, character.id),
        address,
        cpf: yield* cpfOf(locked),
      })
      const key = monthShipmentKey(locked.sourceId, locked.month)
      if (!(yield* orders.insertIfNew(order, key)))
        return yield* Effect.die(new Error(`a shipment order already holds the key ${key}`))
      yield* months.setOrder(locked.sourceId, locked.month, order.id)
      // With the order, so its handlers (the numbered unit's certificate) see it exactly once.
      yield* (yield* EventOutbox).record([
        domainEvent("PlanMonthOrderPlaced", order.id, {
          orderId: order.id,
          userId: locked.userId,
          sourceId: locked.sourceId,
          month: locked.month,
        }),
      ])
      return order.id
    }),
  )
})
