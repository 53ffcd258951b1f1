import { Effect } from "effect"
import { SubscriptionNotFound, SubscriptionRefused } from "../errors"
import { AddressBook } from "../ports/AddressBook"
import { PlanMonths, type PlanSettings } from "../ports/PlanMonths"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { requireViewer } from "../viewer"

export const ADDRESS_NOT_FOUND = "Endereço não encontrado"

/** The collector's own plan (a subscription, or a prepaid plan by its order); another collector's is not found. */
export const myPlanSource = Effect.fnUntraced(function* (id: string) {
  const viewer = yield* requireViewer
  const subscription = yield* (yield* SubscriptionStore).get(id)
  if (subscription?.userId === viewer.id) return { viewer, kind: "subscription" as const }
  if (!subscription) {
    const months = yield* (yield* PlanMonths).of(id)
    if (months[0]?.userId === viewer.id) return { viewer, kind: "prepaid" as const }
  }
  return yield* new SubscriptionNotFound()
})

/** Reveal notifications, new-plan news and the delivery address (one of the collector's own, or the default). */
export const updatePlanSettings = Effect.fn("Subscriptions.updateSettings")(function* (
  input: PlanSettings & { readonly id: string },
) {
  const { viewer } = yield* myPlanSource(input.id)
  if (input.addressId && !(yield* (yield* AddressBook).get(viewer.id, input.addressId)))
    return yield* new SubscriptionRefused({ message: ADDRESS_NOT_FOUND, field: "addressId" })
  const settings: PlanSettings = {
    revealNotifications: input.revealNotifications,
    newPlanNews: input.newPlanNews,
    addressId: input.addressId,
  }
  yield* (yield* PlanMonths).saveSettings(input.id, viewer.id, settings)
  return settings
})
