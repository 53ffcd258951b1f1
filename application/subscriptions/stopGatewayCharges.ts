import { Effect } from "effect"
import type { RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { SubscriptionStore } from "../ports/SubscriptionStore"

/**
 * The changes the store decides on a charge's report (a refused first charge ends the subscription, the last
 * refused try pauses it) are told to the gateway afterwards, so it stops charging the card. Setting a status the
 * authorisation already has changes nothing, so a change the collector made through the gateway repeats safely.
 */
export const stopGatewayChargesHandler: EventHandler<SubscriptionGateway | SubscriptionStore> = {
  name: "subscriptions.stopGatewayCharges",
  on: ["SubscriptionPaused", "SubscriptionCancelled"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "SubscriptionPaused" && event.type !== "SubscriptionCancelled") return
      if (event.type === "SubscriptionPaused" && event.payload.by !== "dunning") return
      const subscription = yield* (yield* SubscriptionStore).get(event.payload.subscriptionId)
      if (!subscription?.preapprovalId) return
      const status =
        subscription.status === "cancelled" ? "cancelled" : subscription.status === "paused" ? "paused" : null
      // Reactivated meanwhile (a new card): the gateway was told by that change.
      if (!status) return
      yield* (yield* SubscriptionGateway)
        .updatePreapproval(subscription.preapprovalId, { status })
        .pipe(Effect.catchTag("GatewayPaymentNotFound", () => Effect.void))
    }),
}
