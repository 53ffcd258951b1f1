import { Effect } from "effect"
import { CurrentUser } from "../ports/CurrentUser"
import { type CollectorMarks, Favourites } from "../ports/Favourites"

const NONE: CollectorMarks = { owned: [], forTrade: [], wished: [] }

/**
 * Which characters the signed-in collector holds, offers for trade and wants, for the catalogue's cards (none
 * for a visitor). Only ids: the cards already carry them, and the reveal rule decides what a card says of each.
 * Like the held editions, the shared catalogue HTML gets this on top, for this viewer alone.
 */
export const listMyCardMarks = Effect.fn("Community.listMyCardMarks")(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return NONE
  return yield* (yield* Favourites).marksOf(viewer.id)
})
