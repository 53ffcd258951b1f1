import { Effect } from "effect"
import { viewerPlace } from "../../domain/editions/waitlistLine"
import { editionLimitProblems } from "../cart"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { Waitlists } from "../ports/Waitlists"

/**
 * The product page's waitlist box, per viewer (the catalogue view is cached and public): whether the edition
 * is sold out to the public and, for a signed-in collector, their place or their open offer.
 */
export const waitlistStatus = Effect.fn("Waitlist.status")(function* (productId: string) {
  const { viewer } = yield* CurrentUser
  const now = yield* (yield* Clock).now()
  const line = yield* (yield* Waitlists).line(productId)
  const numbered = line !== null && line.size !== null
  const soldOut = numbered && line.available === 0
  // Why this collector may not join: they already have the edition's limit in their orders.
  const atLimit =
    soldOut && viewer
      ? ((yield* editionLimitProblems([{ productId, quantity: 1 }])).get(productId) ?? null)
      : null
  return {
    numbered,
    soldOut,
    atLimit,
    signedIn: viewer !== null,
    place: line ? viewerPlace(line, viewer?.id ?? null, now) : { status: "none" as const },
  }
})
