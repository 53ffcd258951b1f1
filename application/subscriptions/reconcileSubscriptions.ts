import { Effect } from "effect"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import { cancel, SYSTEM_CANCEL_REASONS } from "../../domain/subscriptions/subscription"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { type StoredSubscription, SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { applyPreapproval } from "./applyPreapproval"
import { applyRecurringCharge } from "./applyRecurringCharge"

/** Subscriptions quiet for this long are asked about: webhooks may be lost (renewals are charged in batches on day 1). */
export const RECONCILE_AFTER_MS = 30 * 60_000
/** A subscription the gateway never answered for after this long never reached it. */
export const LOST_SUBSCRIBE_MS = 10 * 60_000
const BATCH = 50

/**
 * Brings subscriptions to the gateway's state without waiting for webhooks: pending and past-due ones, and active
 * ones whose month is not paid yet (a renewal is due), have their authorisation and charges fetched and applied.
 * Safe on many instances at once: applying is idempotent and row-locked.
 */
export const reconcileSubscriptions = Effect.fn("Subscriptions.reconcile")(function* () {
  const store = yield* SubscriptionStore
  const now = yield* (yield* Clock).now()
  const ids = yield* store.toReconcile(monthOfInstant(now), now - RECONCILE_AFTER_MS, BATCH)
  let checked = 0
  for (const id of ids) {
    const subscription = yield* store.get(id)
    if (!subscription) continue
    yield* reconcileOne(subscription, now).pipe(
      Effect.catchTags({
        GatewayUnavailable: () => Effect.void,
        GatewayPaymentNotFound: () => Effect.void,
      }),
    )
    yield* store.touch(id, now)
    checked++
  }
  return { checked }
})

const reconcileOne = Effect.fnUntraced(function* (subscription: StoredSubscription, now: number) {
  if (!subscription.preapprovalId) {
    if (now - subscription.createdAt >= LOST_SUBSCRIBE_MS) yield* endNeverAuthorised(subscription.id, now)
    return
  }
  const gateway = yield* SubscriptionGateway
  yield* applyPreapproval(yield* gateway.getPreapproval(subscription.preapprovalId))
  const charges = yield* gateway.chargesFor(subscription.preapprovalId)
  // Oldest first, as they happened.
  for (const charge of [...charges].reverse()) yield* applyRecurringCharge(charge)
})

const endNeverAuthorised = Effect.fnUntraced(function* (id: string, now: number) {
  const store = yield* SubscriptionStore
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const current = yield* store.lock(id)
      if (!current || current.preapprovalId || current.status !== "pending") return
      const ended = cancel(current, SYSTEM_CANCEL_REASONS.firstChargeRefused, now)
      if (!ended.ok) return
      yield* store.save({ ...current, ...ended.subscription, updatedAt: now })
      yield* (yield* EventOutbox).record(ended.events)
    }),
  )
})
