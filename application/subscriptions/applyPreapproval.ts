import { Effect } from "effect"
import { cancel, SYSTEM_CANCEL_REASONS } from "../../domain/subscriptions/subscription"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import type { GatewayPreapproval } from "../ports/SubscriptionGateway"
import { type StoredSubscription, SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"

/**
 * Brings a subscription in line with its recurring authorisation: the authorisation's id and card, and a
 * cancellation made at the gateway (by the collector in Mercado Pago's app) is scheduled here too. Pauses and
 * reactivations are the store's own decisions, so a paused or authorised status is not copied back.
 */
export const applyPreapproval = Effect.fn("Subscriptions.applyPreapproval")(function* (
  preapproval: GatewayPreapproval,
) {
  const store = yield* SubscriptionStore
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const subscription = yield* store.lock(preapproval.subscriptionId)
      if (!subscription || (subscription.preapprovalId && subscription.preapprovalId !== preapproval.id))
        return yield* Effect.logWarning("authorisation of no known subscription").pipe(
          Effect.annotateLogs({ preapprovalId: preapproval.id }),
        )
      const now = yield* (yield* Clock).now()
      let next: StoredSubscription = {
        ...subscription,
        preapprovalId: preapproval.id,
        cardLastFour: preapproval.cardLastFour ?? subscription.cardLastFour,
        paymentMethodId: preapproval.paymentMethodId ?? subscription.paymentMethodId,
      }
      const ended =
        preapproval.status === "cancelled" && next.status !== "cancelled" && next.cancelAt === null
          ? cancel(next, SYSTEM_CANCEL_REASONS.gateway, now)
          : null
      if (ended?.ok) {
        next = { ...next, ...ended.subscription }
        yield* (yield* EventOutbox).record(ended.events)
      }
      const changed =
        next.preapprovalId !== subscription.preapprovalId ||
        next.cardLastFour !== subscription.cardLastFour ||
        next.paymentMethodId !== subscription.paymentMethodId ||
        ended?.ok === true
      if (changed) yield* store.save({ ...next, updatedAt: now })
    }),
  )
})
