import { Context, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { PaymentStatus } from "../../domain/orders/payment"
import type { GatewayPaymentNotFound, GatewayRefused, GatewayUnavailable } from "./PaymentGateway"

/** A recurring authorisation as Mercado Pago words it (`preapproval.status`). */
export type PreapprovalStatus = "pending" | "authorized" | "paused" | "cancelled"

/** What the store asks for when a collector subscribes (spec 002 §3, the recurring plan payload). */
export interface PreapprovalRequest {
  /** Our subscription: the `external_reference` and the idempotency key, so a retried call subscribes once. */
  readonly subscriptionId: string
  /** Shown on the collector's card statement and Mercado Pago account ("Legendarium — Plano Mensal — …"). */
  readonly reason: string
  /** Charged every cycle, in centavos. */
  readonly amount: Cents
  /** 1 for the monthly plan, 2 for the bimonthly one (`frequency_type: "months"`). */
  readonly frequencyMonths: 1 | 2
  readonly payerEmail: string
  /** Made in the browser by MercadoPago.js (or the sandbox): the card never reaches the store. */
  readonly cardToken: string
  readonly backUrl: string
  /** Where the sandbox announces changes; Mercado Pago takes its subscription webhooks' address from its panel. */
  readonly notificationUrl: string
}

/** A recurring authorisation as the gateway knows it: the only source of truth for its status. */
export interface GatewayPreapproval {
  readonly id: string
  /** Our subscription id (`external_reference`). */
  readonly subscriptionId: string
  readonly status: PreapprovalStatus
  readonly amount: Cents
  readonly frequencyMonths: 1 | 2
  /** When the gateway will charge next; null once paused or cancelled. */
  readonly nextChargeAt: number | null
  readonly cardLastFour: string | null
  readonly paymentMethodId: string | null
}

/** One charge of a recurring authorisation (`authorized_payment`): the first one at sign-up, then each renewal. */
export interface GatewayRecurringCharge {
  readonly id: string
  readonly preapprovalId: string
  /** Our subscription id (`external_reference`). */
  readonly subscriptionId: string
  readonly status: PaymentStatus
  readonly statusDetail: string | null
  readonly amount: Cents
  /** When the gateway made (or last retried) the charge. */
  readonly chargedAt: number
  /** 0 for the first try of a cycle's charge, then one more for each retry. */
  readonly retryAttempt: number
}

/**
 * Recurring card charges: Mercado Pago's preapproval API when configured, else the offline sandbox, which charges
 * renewals itself on the billing day. Both notify the store through the signed webhook route with the topics
 * `subscription_preapproval` (the authorisation changed) and `subscription_authorized_payment` (a charge).
 */
export class SubscriptionGateway extends Context.Service<
  SubscriptionGateway,
  {
    /** Authorises the card for the plan; the gateway then charges the first cycle (reported as a charge). */
    createPreapproval(
      request: PreapprovalRequest,
    ): Effect.Effect<GatewayPreapproval, GatewayUnavailable | GatewayRefused>
    getPreapproval(id: string): Effect.Effect<GatewayPreapproval, GatewayUnavailable | GatewayPaymentNotFound>
    /**
     * Pauses, cancels or re-authorises (`authorized`) the charges, or swaps the card (`cardToken`). Setting the
     * status it already has changes nothing.
     */
    updatePreapproval(
      id: string,
      change: { readonly status?: "paused" | "cancelled" | "authorized"; readonly cardToken?: string },
    ): Effect.Effect<GatewayPreapproval, GatewayUnavailable | GatewayRefused | GatewayPaymentNotFound>
    getCharge(id: string): Effect.Effect<GatewayRecurringCharge, GatewayUnavailable | GatewayPaymentNotFound>
    /** The charges of an authorisation, newest first: how reconciliation finds what a lost webhook carried. */
    chargesFor(preapprovalId: string): Effect.Effect<readonly GatewayRecurringCharge[], GatewayUnavailable>
    /**
     * Gives an approved charge's money back through the payment it made: all of it (`amount` null) or part of it
     * (a month's share); `idempotencyKey` makes a retried refund happen once.
     */
    refundCharge(
      chargeId: string,
      amount: Cents | null,
      idempotencyKey: string,
    ): Effect.Effect<void, GatewayUnavailable | GatewayRefused | GatewayPaymentNotFound>
  }
>()("store/application/SubscriptionGateway") {}
