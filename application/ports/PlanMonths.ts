import { Context, type Effect } from "effect"
import type { Month } from "../../domain/subscriptions/coverage"

/** Where a month's coverage comes from: a recurring subscription or a prepaid plan's order. */
export type PlanSourceKind = "subscription" | "prepaid"

/** A month a subscription or prepaid plan pays for: the key of exactly one shipment. */
export interface PlanMonth {
  readonly sourceId: string
  readonly sourceKind: PlanSourceKind
  /** Empty once the collector deleted the account (the month stays as the record of what was paid). */
  readonly userId: string
  readonly collectionId: string
  readonly month: Month
  readonly paidAt: number
  /** The character whose numbered unit is held for this month ahead of its shipment, if any. */
  readonly heldProductId: string | null
  /** The month's shipment, an order of kind `subscription`, once made. */
  readonly orderId: string | null
}

/** What the collector chose for a plan's shipments and news. */
export interface PlanSettings {
  readonly revealNotifications: boolean
  readonly newPlanNews: boolean
  /** From the collector's address book; null: the default address. */
  readonly addressId: string | null
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = {
  revealNotifications: true,
  newPlanNews: true,
  addressId: null,
}

/**
 * A subscriber's entitlement to a collection for one covered month of a plan (so a pause leaves a gap): written
 * only by the subscriptions' handlers.
 */
export interface Entitlement {
  readonly sourceId: string
  readonly month: Month
  readonly kind: PlanSourceKind
  readonly userId: string
  readonly collectionId: string
  readonly startsAt: number
  readonly endsAt: number
}

/**
 * The months plans cover, each made into one shipment (unique by source and month), the plans' settings and the
 * entitlements they give. Joins the ambient unit of work.
 */
export class PlanMonths extends Context.Service<
  PlanMonths,
  {
    /** Adds the months not yet there (a redelivered payment adds nothing); answers the ones added. */
    add(months: readonly PlanMonth[]): Effect.Effect<readonly PlanMonth[]>
    of(sourceId: string): Effect.Effect<readonly PlanMonth[]>
    ofUser(userId: string): Effect.Effect<readonly PlanMonth[]>
    /** Locks the month's row; null when there is none. */
    lock(sourceId: string, month: Month): Effect.Effect<PlanMonth | null>
    setOrder(sourceId: string, month: Month, orderId: string): Effect.Effect<void>
    setHeld(sourceId: string, month: Month, productId: string | null): Effect.Effect<void>
    /** Ends a month's coverage: its row and its entitlement go (a plan called off before the month shipped). */
    remove(sourceId: string, month: Month): Effect.Effect<void>
    /** Months from `since` through `through` with no shipment yet, oldest first. */
    unshipped(since: Month, through: Month, limit: number): Effect.Effect<readonly PlanMonth[]>

    settings(sourceId: string): Effect.Effect<PlanSettings>
    saveSettings(sourceId: string, userId: string, settings: PlanSettings): Effect.Effect<void>

    /** Inserts or updates each entitlement by its plan and month. */
    saveEntitlements(entitlements: readonly Entitlement[]): Effect.Effect<void>
  }
>()("store/application/PlanMonths") {}
