import type { ColumnType } from "kysely"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** A payment of the offline sandbox gateway, in Mercado Pago's statuses and status details. */
export interface SandboxPaymentsTable {
  /** Random digits (paymentIds.ts): a sequence would let anyone count their way to other buyers' payments. */
  id: ColumnType<string, string, never>
  attempt_id: ColumnType<string, string, never>
  order_id: ColumnType<string, string, never>
  method: ColumnType<"card" | "pix" | "boleto", "card" | "pix" | "boleto", never>
  payment_method_id: string
  status: string
  status_detail: string
  amount_cents: ColumnType<number, number, never>
  refunded_cents: ColumnType<number, number | undefined, number>
  installments: ColumnType<number, number | undefined, never>
  card_last_four: string | null
  description: string
  payer_email: string
  notification_url: string
  pix_qr_code: string | null
  pix_qr_base64: string | null
  boleto_digitable_line: string | null
  boleto_barcode: string | null
  expires_at: NullableTimestamp
  approved_at: NullableTimestamp
  created_at: ColumnType<Date, Date | string, never>
  updated_at: Timestamp
}

export interface SandboxCardTokensTable {
  id: string
  payment_method_id: string
  first_six: string
  last_four: string
  holder_name: string
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface SandboxRefundsTable {
  id: ColumnType<string, string | undefined, never>
  payment_id: string
  idempotency_key: string
  amount_cents: number
  created_at: Timestamp
}

export interface SandboxPreferencesTable {
  id: string
  attempt_id: string
  order_id: string
  title: string
  amount_cents: number
  payer_email: string
  back_url: string
  notification_url: string
  expires_at: Timestamp
  created_at: Timestamp
}

/** A recurring authorisation of the sandbox (Mercado Pago's preapproval). */
export interface SandboxPreapprovalsTable {
  id: string
  subscription_id: ColumnType<string, string, never>
  reason: string
  amount_cents: number
  frequency_months: ColumnType<1 | 2, 1 | 2, never>
  status: "pending" | "authorized" | "paused" | "cancelled"
  payer_email: string
  back_url: string
  notification_url: string
  payment_method_id: string
  card_last_four: string
  holder_name: string
  start_month: ColumnType<string, string, never>
  created_at: ColumnType<Date, Date | string, never>
  updated_at: Timestamp
}

/** One billing month's charge of a sandbox preapproval (Mercado Pago's authorized payment). */
export interface SandboxPreapprovalChargesTable {
  id: ColumnType<string, string | undefined, never>
  preapproval_id: ColumnType<string, string, never>
  cycle_month: ColumnType<string, string, never>
  status: string
  status_detail: string
  amount_cents: ColumnType<number, number, never>
  retry_attempt: ColumnType<number, number | undefined, number>
  charged_at: Timestamp
  created_at: ColumnType<Date, Date | string, never>
}
