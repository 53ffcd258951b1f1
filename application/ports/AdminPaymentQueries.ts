import { Context, type Effect } from "effect"
import type { WebhookOutcome } from "../../domain/notifications/webhookReceipt"
import type { PaymentMethod } from "../../domain/orders/order"

export interface AdminPaymentFilter {
  readonly status: string | null
  readonly method: PaymentMethod | null
  /** Epoch ms, inclusive / exclusive (São Paulo days, turned into instants by the use case). */
  readonly from: number | null
  readonly before: number | null
  /** Exact order number ("LG-…") or gateway payment id; case-insensitive. */
  readonly search: string | null
}

export type AdminPaymentSort = "recent" | "oldest" | "amount_desc" | "amount_asc"

export interface AdminPaymentRow {
  readonly id: string
  readonly orderId: string
  readonly orderNumber: string
  readonly method: PaymentMethod
  readonly amount: number
  readonly installments: number
  readonly status: string
  readonly statusDetail: string | null
  readonly gatewayPaymentId: string | null
  readonly paymentMethodId: string | null
  readonly cardLastFour: string | null
  readonly createdAt: number
  readonly updatedAt: number
}

export interface WebhookReceiptRow {
  readonly id: string
  readonly topic: string | null
  readonly dataId: string | null
  readonly signatureValid: boolean
  readonly outcome: WebhookOutcome
  readonly reason: string | null
  readonly receivedAt: number
}

/** A charge of a recurring subscription (a Mercado Pago authorized payment). */
export interface SubscriptionChargeRow {
  readonly id: string
  readonly subscriptionId: string
  readonly customerEmail: string | null
  readonly collectionName: string
  readonly planId: string
  readonly status: string
  readonly statusDetail: string | null
  readonly amount: number
  readonly retryAttempt: number
  /** The months ("YYYY-MM") the charge pays for. */
  readonly months: readonly string[]
  readonly chargedAt: number
}

export interface PageSlice {
  readonly offset: number
  readonly limit: number
}

/** The payments screen's reads: gateway payments, subscription charges and the webhooks received, filtered and paged by the database. */
export class AdminPaymentQueries extends Context.Service<
  AdminPaymentQueries,
  {
    payments(
      filter: AdminPaymentFilter,
      sort: AdminPaymentSort,
      slice: PageSlice,
    ): Effect.Effect<{ readonly rows: readonly AdminPaymentRow[]; readonly total: number }>
    subscriptionCharges(
      status: string | null,
      slice: PageSlice,
    ): Effect.Effect<{ readonly rows: readonly SubscriptionChargeRow[]; readonly total: number }>
    receipts(
      outcome: WebhookOutcome | null,
      slice: PageSlice,
    ): Effect.Effect<{ readonly rows: readonly WebhookReceiptRow[]; readonly total: number }>
  }
>()("store/application/AdminPaymentQueries") {}
