import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { UnitOfWork } from "../ports/UnitOfWork"
import { Waitlists } from "../ports/Waitlists"
import { endLapsedOffersOf } from "./offerUnits"

const BATCH = 50

/**
 * Offers whose purchase window closed end as `expired`, and each unit goes to the next collector in line (or
 * back to the public when nobody waits). One edition per unit of work, under its lock: any number of runs or
 * instances end each offer once.
 */
export const endLapsedOffers = Effect.fn("Waitlist.endLapsedOffers")(function* () {
  const now = yield* (yield* Clock).now()
  const products = yield* (yield* Waitlists).lapsed(now, BATCH)
  const unitOfWork = yield* UnitOfWork
  let offered = 0
  for (const productId of products) offered += yield* unitOfWork.atomically(endLapsedOffersOf(productId, now))
  return { editions: products.length, offered }
})
