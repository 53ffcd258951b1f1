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
}

export interface MediaAssetsTable {
  key: string
  content_type: string
  body: Uint8Array
  etag: string
  created_at: ColumnType<Date, Date | string | undefined, never>
}
