import { Effect } from "effect"
import { claim, endLapsed, leave, type Offer, offerFreed } from "../../domain/conventions/waitlistLine"
import { domainEvent } from "../../domain/events"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { StoreSettings } from "../ports/StoreSettings"
import { Waitlists } from "../ports/Waitlists"

/** Each offer's collector is told after the commit (the outbox): by e-mail and in their notifications. */
export const recordOffers = Effect.fnUntraced(function* (productId: string, offers: readonly Offer[]) {
  if (offers.length === 0) return
  yield* (yield* EventOutbox).record(
    offers.map((o) => domainEvent("WaitlistOfferMade", o.entryId, { ...o, productId })),
  )
})

export const purchaseWindowHours = Effect.map(
  StoreSettings.use((s) => s.get()),
  (s) => s.conventions.purchaseWindowHours,
)

/**
 * Units an order just let go (expired, refused, cancelled) go to the first collectors in line. Runs inside the
 * caller's unit of work, after the release: the product's row is locked, so concurrent releases queue.
 */
export const offerFreedUnits = Effect.fnUntraced(function* (productId: string, units: number) {
  const now = yield* (yield* Clock).now()
  const hours = yield* purchaseWindowHours
  const made = yield* (yield* Waitlists).update(productId, now, (line) => offerFreed(line, units, now, hours))
  if (made) yield* recordOffers(productId, made.value)
})

/** The buyer's open offer for this edition, if any, becomes `purchased` and its unit theirs to reserve now. */
export const claimWaitlistOffer = Effect.fnUntraced(function* (
  userId: string,
  productId: string,
  orderId: string,
) {
  const now = yield* (yield* Clock).now()
  const claimed = yield* (yield* Waitlists).update(productId, now, (line) =>
    claim(line, userId, now, orderId),
  )
  return claimed?.value ?? false
})

/** Ends the lapsed offers of one edition and offers each unit to the next in line, in one unit of work. */
export const endLapsedOffersOf = Effect.fnUntraced(function* (productId: string, now: number) {
  const hours = yield* purchaseWindowHours
  const made = yield* (yield* Waitlists).update(productId, now, (line) => endLapsed(line, now, hours))
  if (made) yield* recordOffers(productId, made.value)
  return made?.value.length ?? 0
})

/**
 * The collector leaves the edition's line; a unit held for them goes to the next in line at once. Null when the
 * product does not exist, false when they were not in line. Runs in the caller's unit of work.
 */
export const leaveLine = Effect.fnUntraced(function* (userId: string, productId: string) {
  const now = yield* (yield* Clock).now()
  const hours = yield* purchaseWindowHours
  const made = yield* (yield* Waitlists).update(productId, now, (line) => leave(line, userId, now, hours))
  if (!made) return null
  if (made.value) yield* recordOffers(productId, made.value)
  return made.value !== null
})
