import type { ColumnType, Generated } from "kysely"

export interface CategoryPricesTable {
  category: string
  price_cents: number
  label: string
  description: Generated<string>
  tier: "standard" | "premium"
}

export interface StoreSettingsTable {
  key: string
  value: ColumnType<unknown, string, string>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface NewsletterSubscriptionsTable {
  id: Generated<string>
  email: string
  source: Generated<string>
  created_at: ColumnType<Date, Date | string | undefined, never>
  /** Double opt-in: an address counts only once its owner confirmed it from the e-mail. */
  status: Generated<"pending" | "confirmed">
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface MediaAssetsTable {
  key: string
  content_type: string
  body: Uint8Array
  etag: string
  created_at: ColumnType<Date, Date | string | undefined, never>
}
