import { Effect } from "effect"
import type { Subscription, SubscriptionTransition } from "../../domain/subscriptions/subscription"
import { SubscriptionFailed, SubscriptionNotFound, SubscriptionRefused } from "../errors"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { type GatewayPreapproval, SubscriptionGateway } from "../ports/SubscriptionGateway"
import { type StoredSubscription, SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { requireViewer } from "../viewer"

/**
 * What the recurring authorisation must say after a change: cancelled once the subscription is; paused while
 * it is paused or its cancellation is scheduled (a cancelled authorisation cannot be taken back, a paused one
 * can); authorised again when it leaves either. Nothing when the charges go on as before.
 */
export function gatewayStatusAfter(
  before: Subscription,
  after: Subscription,
): "paused" | "cancelled" | "authorized" | undefined {
  if (after.status === "cancelled") return before.status === "cancelled" ? undefined : "cancelled"
  const stops = (s: Subscription) => s.status === "paused" || s.cancelAt !== null
  if (stops(after)) return stops(before) ? undefined : "paused"
  return stops(before) ? "authorized" : undefined
}

/** The signed-in collector's own subscription; another collector's is not found, like one that does not exist. */
export const mySubscription = Effect.fnUntraced(function* (id: string) {
  const viewer = yield* requireViewer
  const subscription = yield* (yield* SubscriptionStore).get(id)
  if (!subscription || subscription.userId !== viewer.id) return yield* new SubscriptionNotFound()
  return subscription
})

export type GatewayAction = "pause" | "cancel" | "reactivate" | "process"

/**
 * Applies a change the state machine decides, and tells the gateway first: when the gateway fails, nothing
 * changes here and the collector reads the spec's message. The decision is taken again on the locked row, so a
 * webhook that moved the subscription meanwhile is not overwritten.
 */
export const transitionSubscription = Effect.fnUntraced(function* (
  current: StoredSubscription,
  action: GatewayAction,
  decide: (s: StoredSubscription, now: number, answer: GatewayPreapproval | null) => SubscriptionTransition,
  cardToken?: string,
) {
  const store = yield* SubscriptionStore
  const now = yield* (yield* Clock).now()
  const planned = decide(current, now, null)
  if (!planned.ok) return yield* new SubscriptionRefused({ message: planned.reason })
  const status = gatewayStatusAfter(current, planned.subscription)
  const answer =
    current.preapprovalId && (status || cardToken)
      ? yield* (yield* SubscriptionGateway)
          .updatePreapproval(current.preapprovalId, {
            ...(status ? { status } : {}),
            ...(cardToken ? { cardToken } : {}),
          })
          .pipe(
            Effect.catch((error) =>
              Effect.fail(
                new SubscriptionFailed({ action, unavailable: error._tag === "GatewayUnavailable" }),
              ),
            ),
          )
      : null
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const locked = yield* store.lock(current.id)
      if (!locked) return yield* new SubscriptionNotFound()
      const decided = decide(locked, now, answer)
      if (!decided.ok) return yield* new SubscriptionRefused({ message: decided.reason })
      const saved: StoredSubscription = { ...locked, ...decided.subscription, updatedAt: now }
      yield* store.save(saved)
      yield* (yield* EventOutbox).record(decided.events)
      return { subscriptionId: saved.id, status: saved.status }
    }),
  )
})
