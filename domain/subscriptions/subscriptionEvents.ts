import type { EventOf } from "../events"
import type { Cents } from "../money"
import type { Month } from "./coverage"
import type { RecurringPlanId } from "./plans"

interface SubscriptionRef {
  readonly subscriptionId: string
  readonly userId: string
  readonly collectionId: string
}

interface PaidCharge {
  /** The gateway's charge id. */
  readonly chargeId: string
  readonly amount: Cents
  readonly paidAt: number
  /** The months this charge pays for, "YYYY-MM". */
  readonly months: readonly Month[]
}

/** What happens to recurring subscriptions; handlers read the subscription for the rest (it is the truth). */
export type SubscriptionEvent =
  | EventOf<
      "SubscriptionStarted",
      SubscriptionRef & { readonly planId: RecurringPlanId; readonly amount: Cents }
    >
  /** The first charge was approved. */
  | EventOf<"SubscriptionActivated", SubscriptionRef & PaidCharge>
  | EventOf<"SubscriptionRenewed", SubscriptionRef & PaidCharge>
  /** A charge was refused; `retryOn` ("YYYY-MM-DD") is the next try, null when there is none left. */
  | EventOf<
      "SubscriptionChargeFailed",
      SubscriptionRef & {
        readonly chargeId: string
        readonly statusDetail: string | null
        readonly retryOn: string | null
      }
    >
  | EventOf<
      "SubscriptionPaused",
      SubscriptionRef & { readonly by: "collector" | "dunning"; readonly until: string | null }
    >
  /** `by: "collector"` when the collector reactivated it; absent when a pause ended or a new card resumed it. */
  | EventOf<"SubscriptionResumed", SubscriptionRef & { readonly by?: "collector" }>
  | EventOf<
      "SubscriptionCancellationScheduled",
      SubscriptionRef & { readonly cancelAt: number; readonly reason: string }
    >
  | EventOf<"SubscriptionCancelled", SubscriptionRef & { readonly reason: string }>
  /** The collector put a new card on the subscription. */
  | EventOf<
      "SubscriptionCardChanged",
      SubscriptionRef & { readonly lastFour: string | null; readonly paymentMethodId: string | null }
    >
  /** An approved charge that pays for nothing (the subscription ended, its cycle already paid): give it back. */
  | EventOf<
      "SubscriptionChargeRefundRequired",
      SubscriptionRef & { readonly chargeId: string; readonly amount: Cents; readonly reason: string }
    >
  /** A covered month's shipment was made: an order of kind `subscription`, paid (total 0), on its way. */
  | EventOf<
      "PlanMonthOrderPlaced",
      {
        readonly orderId: string
        readonly userId: string
        /** The subscription or the prepaid plan's order. */
        readonly sourceId: string
        readonly month: Month
      }
    >
