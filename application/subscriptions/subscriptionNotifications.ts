import { Effect } from "effect"
import type { RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { applyPreapproval } from "./applyPreapproval"
import { applyRecurringCharge } from "./applyRecurringCharge"

export const SUBSCRIPTION_TOPICS = ["subscription_preapproval", "subscription_authorized_payment"] as const

/**
 * A stored notification of a recurring authorisation or one of its charges: the resource is fetched from the
 * gateway (the body is never trusted) and applied; duplicates and any order of arrival change nothing.
 */
export const subscriptionNotifiedHandler: EventHandler<
  | SubscriptionGateway
  | SubscriptionStore
  | Effect.Services<ReturnType<typeof applyPreapproval>>
  | Effect.Services<ReturnType<typeof applyRecurringCharge>>
> = {
  name: "subscriptions.applyNotified",
  on: ["PaymentNotified"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "PaymentNotified") return
      const gateway = yield* SubscriptionGateway
      const { topic, resourceId } = event.payload
      // A resource the gateway does not know is not ours (a test notification, another application).
      const notFound = () => Effect.succeed(null)
      if (topic === "subscription_preapproval") {
        const preapproval = yield* gateway
          .getPreapproval(resourceId)
          .pipe(Effect.catchTag("GatewayPaymentNotFound", notFound))
        if (!preapproval) return
        yield* applyPreapproval(preapproval)
        // An authorisation of a subscription that ended here (a sign-up whose answer was lost) is cancelled.
        const subscription = yield* (yield* SubscriptionStore).get(preapproval.subscriptionId)
        if (subscription?.status === "cancelled" && preapproval.status !== "cancelled")
          yield* gateway.updatePreapproval(preapproval.id, { status: "cancelled" })
      } else if (topic === "subscription_authorized_payment") {
        const charge = yield* gateway
          .getCharge(resourceId)
          .pipe(Effect.catchTag("GatewayPaymentNotFound", notFound))
        if (charge) yield* applyRecurringCharge(charge)
      }
    }),
}
