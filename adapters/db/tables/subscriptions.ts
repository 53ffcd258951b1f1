import type { ColumnType, Generated } from "kysely"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface SubscriptionsTable {
  id: string
  /** Null once the subscriber deleted the account (the subscription and its charges stay, de-identified). */
  user_id: string | null
  collection_id: string
  idempotency_key: string
  plan_id: "monthly-plan" | "bimonthly-plan"
  frequency_months: number
  amount_cents: number
  status: "pending" | "active" | "past_due" | "paused" | "cancelled"
  /** Null once the subscriber deleted the account. */
  cpf: string | null
  preapproval_id: string | null
  card_last_four: string | null
  payment_method_id: string | null
  /** "YYYY-MM". */
  covered_from: string | null
  covered_through: string | null
  last_paid_cycle: string | null
  /** "YYYY-MM-DD". */
  retry_on: string | null
  paused_by: "collector" | "dunning" | null
  paused_until: string | null
  paused_at: NullableTimestamp
  cancel_at: NullableTimestamp
  cancel_reason: string | null
  cancelled_at: NullableTimestamp
  activated_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
  /** When reconciliation last asked the gateway about it. */
  checked_at: Timestamp
}

export interface SubscriptionChargesTable {
  id: string
  subscription_id: string
  status: "pending" | "in_process" | "approved" | "rejected" | "cancelled" | "refunded" | "charged_back"
  status_detail: string | null
  amount_cents: number
  charged_at: Timestamp
  retry_attempt: number
  months: ColumnType<string[], string, string>
}

export interface PlanMonthsTable {
  source_id: string
  month: string
  source_kind: "subscription" | "prepaid"
  /** Null once the collector deleted the account. */
  user_id: string | null
  collection_id: string
  paid_at: Timestamp
  held_product_id: string | null
  order_id: string | null
}

export interface PlanSettingsTable {
  source_id: string
  user_id: string
  reveal_notifications: boolean
  new_plan_news: boolean
  address_id: string | null
  updated_at: Generated<Date>
}
