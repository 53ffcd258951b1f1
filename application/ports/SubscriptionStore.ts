import { Context, type Effect } from "effect"
import type { PaymentStatus } from "../../domain/orders/payment"
import type { Month } from "../../domain/subscriptions/coverage"
import type { Subscription } from "../../domain/subscriptions/subscription"

/**
 * A subscription as kept: the domain's state and what subscribing asked for. Once its subscriber deleted the
 * account it stays as a payment record with `userId` and `cpf` empty.
 */
export interface StoredSubscription extends Subscription {
  readonly idempotencyKey: string
  /** 11 digits, for the shipments' invoices; empty once the account was deleted. */
  readonly cpf: string
  readonly updatedAt: number
}

/** One charge of a subscription, as last reported by the gateway; applied to the subscription once. */
export interface StoredCharge {
  /** The gateway's charge id. */
  readonly id: string
  readonly subscriptionId: string
  readonly status: PaymentStatus
  readonly statusDetail: string | null
  readonly amount: number
  readonly chargedAt: number
  readonly retryAttempt: number
  /** The months it paid for (empty unless approved and applied). */
  readonly months: readonly Month[]
}

/**
 * Recurring subscriptions and their charges. Reads and writes join the ambient unit of work; `lock` holds the
 * subscription's row for the rest of it, so a webhook, a job and the collector's own change run one after the other.
 */
export class SubscriptionStore extends Context.Service<
  SubscriptionStore,
  {
    /**
     * Inserts unless the collector already has a subscription under this key, or a live one (not cancelled) to
     * the same collection: then false, nothing written. Concurrent inserts of one collector and collection run
     * one after the other, so two sign-ups with different keys never both make a live subscription.
     */
    insertIfNew(subscription: StoredSubscription): Effect.Effect<boolean>
    findByKey(userId: string, idempotencyKey: string): Effect.Effect<StoredSubscription | null>
    get(id: string): Effect.Effect<StoredSubscription | null>
    lock(id: string): Effect.Effect<StoredSubscription | null>
    save(subscription: StoredSubscription): Effect.Effect<void>
    listForUser(userId: string): Effect.Effect<readonly StoredSubscription[]>
    /**
     * Subscriptions the gateway should be asked about, touched before `before`: pending or past due, or active
     * with no month paid for `month` (a renewal is due).
     */
    toReconcile(month: Month, before: number, limit: number): Effect.Effect<readonly string[]>
    /** Subscriptions a day may change: paused, or with a cancellation due by `now`. */
    withDuePeriods(now: number, limit: number): Effect.Effect<readonly string[]>
    /** Marks the subscription as looked at now (reconciliation moves on to others). */
    touch(id: string, now: number): Effect.Effect<void>

    lockCharge(chargeId: string): Effect.Effect<StoredCharge | null>
    /** Inserts or updates the charge by id. */
    saveCharge(charge: StoredCharge): Effect.Effect<void>
    chargesOf(subscriptionId: string): Effect.Effect<readonly StoredCharge[]>
  }
>()("store/application/SubscriptionStore") {}
