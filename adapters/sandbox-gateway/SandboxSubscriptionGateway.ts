import { Context, Effect, Layer } from "effect"
import { GatewayBilling } from "../../application/ports/GatewayBilling"
import { SubscriptionGateway } from "../../application/ports/SubscriptionGateway"
import { Db } from "../db/DatabaseService"
import type { SandboxOptions } from "./SandboxBank"
import { type SandboxSubscriptions, sandboxSubscriptions } from "./SandboxSubscriptions"

/** The subscription port over the sandbox. It has no outage of its own, so it never fails as unavailable. */
export function sandboxSubscriptionGateway(
  subscriptions: SandboxSubscriptions,
): SubscriptionGateway["Service"] {
  return SubscriptionGateway.of({
    createPreapproval: subscriptions.createPreapproval,
    getPreapproval: subscriptions.getPreapproval,
    updatePreapproval: subscriptions.updatePreapproval,
    getCharge: subscriptions.getCharge,
    chargesFor: subscriptions.chargesFor,
    refundCharge: subscriptions.refundCharge,
  })
}

/** The offline subscription gateway and its billing run (renewals and retries), on the store's database. */
export const SandboxSubscriptionsLayer = (options: SandboxOptions) =>
  Layer.effectContext(
    Effect.gen(function* () {
      const { db } = yield* Db
      const subscriptions = sandboxSubscriptions(db, options)
      return Context.make(SubscriptionGateway, sandboxSubscriptionGateway(subscriptions)).pipe(
        Context.add(GatewayBilling, GatewayBilling.of({ chargeDue: subscriptions.chargeDue })),
      )
    }),
  )
