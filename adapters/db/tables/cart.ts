import type { ColumnType } from "kysely"

export interface CartItemsTable {
  user_id: string
  product_id: string
  quantity: number
  added_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** The coupon applied to a customer's cart (its code: the rules are checked each time the checkout prices). */
export interface CartCouponsTable {
  user_id: string
  code: string
  applied_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface CollectionEntitlementsTable {
  id: ColumnType<string, string | undefined, never>
  user_id: string
  collection_id: string
  kind: "subscription" | "prepaid"
  status: "active" | "paused" | "cancelled" | "pending"
  starts_at: ColumnType<Date, Date | string, Date | string>
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** The subscription or prepaid plan (its order) the entitlement comes from. */
  source_id: string | null
  /** The covered month ("YYYY-MM") the entitlement is for. */
  month: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
}
