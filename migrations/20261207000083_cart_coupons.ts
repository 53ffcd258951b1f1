import { type Kysely, sql } from "kysely"

/**
 * The coupon a customer applied, kept with the cart on the server so every tab and device sees it and the
 * checkout checks it again each time it prices. One per customer; it goes with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cart_coupons")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("auth_user.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cart_coupons").ifExists().execute()
}
