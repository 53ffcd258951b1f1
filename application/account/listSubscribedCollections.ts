import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { Entitlements } from "../ports/Entitlements"

/**
 * The collections the signed-in customer is a subscriber of now (none for a visitor). Catalogue pages are
 * rendered once for every visitor (and cached), so the subscriber's view is added on top with this list.
 */
export const listSubscribedCollections = Effect.fn("Account.listSubscribedCollections")(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return [] as string[]
  const now = yield* (yield* Clock).now()
  const subscribed = yield* (yield* Entitlements).subscribedCollections(viewer.id, now)
  return [...subscribed].sort()
})
