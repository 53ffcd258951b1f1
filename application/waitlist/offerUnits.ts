import { Effect } from "effect"
import { nextInLine } from "../../domain/editions/waitlist"
import { claim, endLapsed, leave, type Offer, offerFreed } from "../../domain/editions/waitlistLine"
import { domainEvent } from "../../domain/events"
import { Clock } from "../ports/Clock"
import { CustomerDetails } from "../ports/CustomerDetails"
import { EditionLimits } from "../ports/EditionLimits"
import { EventOutbox } from "../ports/EventOutbox"
import { StoreSettings } from "../ports/StoreSettings"
import { Waitlists } from "../ports/Waitlists"

/**
 * The collectors first in the edition's line who already hold it up to their limit (by account and CPF),
 * checked in line order until `units` others are found: an offer passes them over (one piece per collector).
 */
const holdersInLine = Effect.fnUntraced(function* (productId: string, units: number) {
  const holders = new Set<string>()
  const line = yield* (yield* Waitlists).line(productId)
  const editions = yield* EditionLimits
  const limit = (yield* editions.limits([productId])).get(productId) ?? null
  if (!line || limit === null) return holders
  let eligible = 0
  for (const entry of nextInLine(line.entries, line.entries.length)) {
    if (eligible >= units) break
    const { cpf } = yield* (yield* CustomerDetails).get(entry.userId)
    if ((yield* editions.held(productId, { userId: entry.userId, cpf })) >= limit) holders.add(entry.userId)
    else eligible++
  }
  return holders
})

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
  const ineligible = yield* holdersInLine(productId, units)
  const made = yield* (yield* Waitlists).update(productId, now, (line) =>
    offerFreed(line, units, now, hours, ineligible),
  )
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
  const ineligible = yield* holdersInLine(productId, 1)
  const made = yield* (yield* Waitlists).update(productId, now, (line) =>
    endLapsed(line, now, hours, ineligible),
  )
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
