import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import { addressLine } from "../../domain/orders/address"
import { firstCoveredMonth, monthsPaidFor } from "../../domain/subscriptions/coverage"
import { firstMonthNote } from "../../domain/subscriptions/firstMonth"
import { requireViewer } from "../orders/priceCheckout"
import { AddressBook } from "../ports/AddressBook"
import { Clock } from "../ports/Clock"
import { CustomerDetails } from "../ports/CustomerDetails"
import { heldMonths } from "./heldMonths"

/**
 * What subscribing to a collection now would do, said before the card is charged: the first month covered
 * (after the months whose character the collector already has) and where the parcels go (the default address,
 * which the subscription keeps; null when the collector has none yet).
 */
export const previewSubscription = Effect.fn("Subscriptions.preview")(function* (collectionId: string) {
  const viewer = yield* requireViewer
  const now = yield* (yield* Clock).now()
  const { cpf } = yield* (yield* CustomerDetails).get(viewer.id)
  const held = yield* heldMonths(
    collectionId,
    { userId: viewer.id, cpf },
    firstCoveredMonth(toSaoPauloCivil(now)),
  )
  const [first = firstCoveredMonth(toSaoPauloCivil(now))] = monthsPaidFor(now, 1, null, held)
  const skipped = [...held].filter((m) => m < first).sort()
  const addresses = yield* (yield* AddressBook).list(viewer.id)
  const address = addresses.find((a) => a.isDefault) ?? addresses[0] ?? null
  return {
    firstMonth: first,
    note: firstMonthNote(first, skipped),
    delivery: address ? { id: address.id, line: `${address.name}, ${addressLine(address)}` } : null,
  }
})
