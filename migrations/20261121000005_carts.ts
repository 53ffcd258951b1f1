import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<any>): Promise<void> {
  // One line per (customer, character); the primary key makes a concurrent double add a single line.
  await db.schema
    .createTable("cart_items")
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("product_id", "uuid", (c) =>
      c.notNull().references("collection_products.id").onDelete("cascade"),
    )
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 10`))
    .addColumn("added_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("cart_items_pk", ["user_id", "product_id"])
    .execute()

  // What makes a customer a subscriber of a collection (spec README decision 6): an active subscription or a
  // prepaid plan covering today. Rows are written by the payments capability.
  await db.schema
    .createTable("collection_entitlements")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("collection_id", "uuid", (c) =>
      c.notNull().references("legendarium_collections.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('subscription', 'prepaid')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('active', 'paused', 'cancelled', 'pending')`),
    )
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex("collection_entitlements_user_idx")
    .on("collection_entitlements")
    .columns(["user_id", "collection_id"])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("collection_entitlements").ifExists().execute()
  await db.schema.dropTable("cart_items").ifExists().execute()
}
