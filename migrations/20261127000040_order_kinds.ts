import { type Kysely, sql } from "kysely"

/**
 * What an order is for: a purchase of figures, a prepaid plan (paid like any order, shipped month by month by
 * the orders of its subscription) or one month's shipment of a plan or subscription (already paid for).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("kind", "text", (c) =>
      c.notNull().defaultTo("purchase").check(sql`kind in ('purchase', 'plan', 'subscription')`),
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("kind").execute()
}
