import { type Kysely, sql } from "kysely"

/**
 * The coupons administration: its figures read a coupon's paid orders through `orders_coupon_idx`
 * (which also spares the `on delete set null` of orders.coupon_id a full scan when a coupon is deleted); its
 * list is newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_coupon_idx on orders (coupon_id) where coupon_id is not null`.execute(db)
  await sql`create index coupons_created_idx on coupons (created_at desc, id desc)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("coupons_created_idx").execute()
  await db.schema.dropIndex("orders_coupon_idx").execute()
}
