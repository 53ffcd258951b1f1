import { type Kysely, sql } from "kysely"

/**
 * Waitlists of sold-out numbered editions. One live entry (waiting or offered) per collector and
 * product; `edition_offered` counts the units held for open offers, so that the edition's check keeps
 * reserved + sold + held within the size and nobody else can take a held unit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("collection_products")
    .addColumn("edition_offered", "integer", (c) => c.notNull().defaultTo(0).check(sql`edition_offered >= 0`))
    .execute()
  await sql`alter table collection_products add constraint collection_products_edition_held check (
    edition_size is null or edition_reserved + edition_sold + edition_offered <= edition_size)`.execute(db)

  await db.schema
    .createTable("waitlist_entries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("product_id", "uuid", (c) =>
      c.notNull().references("collection_products.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("joined_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("waiting")
        .check(sql`status in ('waiting', 'offered', 'purchased', 'expired', 'left')`),
    )
    .addColumn("offered_at", "timestamptz")
    .addColumn("offer_expires_at", "timestamptz")
    .addColumn("order_id", "uuid")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint(
      "waitlist_entries_offer_window",
      sql`status <> 'offered' or offer_expires_at is not null`,
    )
    .execute()
  await sql`create unique index waitlist_entries_live on waitlist_entries (product_id, user_id)
    where status in ('waiting', 'offered')`.execute(db)
  // The line in order (who is next), and the offers whose window closes (the job's scan).
  await sql`create index waitlist_entries_line on waitlist_entries (product_id, joined_at, id)
    where status = 'waiting'`.execute(db)
  await sql`create index waitlist_entries_lapsing on waitlist_entries (offer_expires_at)
    where status = 'offered'`.execute(db)
  await db.schema.createIndex("waitlist_entries_user").on("waitlist_entries").column("user_id").execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("waitlist_entries").execute()
  await sql`alter table collection_products drop constraint collection_products_edition_held`.execute(db)
  await db.schema.alterTable("collection_products").dropColumn("edition_offered").execute()
}
