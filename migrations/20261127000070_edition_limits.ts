import { type Kysely, sql } from "kysely"

/**
 * Fair access to numbered editions: `collector_limit` is how many units of a product one collector
 * (every account sharing a CPF) may hold; null means no limit. Every edition already numbered starts at one per
 * collector, the store's default. The bound is repeated here rather than imported, so the migration keeps the
 * meaning it had on the day it ran.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("collection_products")
    .addColumn("collector_limit", "integer", (c) =>
      c.check(sql`collector_limit is null or collector_limit between 1 and 10`),
    )
    .execute()
  await db
    .updateTable("collection_products")
    .set({ collector_limit: 1 })
    .where("edition_size", "is not", null)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("collection_products").dropColumn("collector_limit").execute()
}
