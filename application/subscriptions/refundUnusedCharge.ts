import { Effect } from "effect"
import type { EventHandler } from "../events"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"

/**
 * Gives back an approved charge that pays for nothing, once: the refund's key is the charge's, and the charge
 * is recorded refunded, so a redelivered event finds nothing left to do.
 */
export const refundUnusedChargeHandler: EventHandler<SubscriptionGateway | SubscriptionStore | UnitOfWork> = {
  name: "subscriptions.refundUnusedCharge",
  on: ["SubscriptionChargeRefundRequired"],
  // The gateway is called outside any transaction.
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "SubscriptionChargeRefundRequired") return
      const store = yield* SubscriptionStore
      const { chargeId } = event.payload
      const before = (yield* store.chargesOf(event.payload.subscriptionId)).find((c) => c.id === chargeId)
      if (!before || before.status === "refunded") return
      yield* (yield* SubscriptionGateway).refundCharge(chargeId, null, `refund-charge-${chargeId}`)
      yield* (yield* UnitOfWork).atomically(
        Effect.gen(function* () {
          const charge = yield* store.lockCharge(chargeId)
          if (charge && charge.status !== "refunded")
            yield* store.saveCharge({ ...charge, status: "refunded", statusDetail: "refunded" })
        }),
      )
    }),
}
