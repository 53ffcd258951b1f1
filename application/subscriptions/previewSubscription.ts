import { Effect } from "effect"
import { addressLine } from "../../domain/orders/address"
import { planStart } from "../plans"
import { AddressBook } from "../ports/AddressBook"
import { requireViewer } from "../viewer"

/**
 * What subscribing to a collection now would do, said before the card is charged: the first month covered
 * (after the months whose character the collector already has) and where the parcels go (the default address,
 * which the subscription keeps; null when the collector has none yet).
 */
export const previewSubscription = Effect.fn("Subscriptions.preview")(function* (collectionId: string) {
  const viewer = yield* requireViewer
  const start = yield* planStart(viewer.id, collectionId)
  const addresses = yield* (yield* AddressBook).list(viewer.id)
  const address = addresses.find((a) => a.isDefault) ?? addresses[0] ?? null
  return {
    ...start,
    delivery: address ? { id: address.id, line: `${address.name}, ${addressLine(address)}` } : null,
  }
})
