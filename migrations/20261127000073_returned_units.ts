import { type Kysely, sql } from "kysely"

/**
 * A paid order cancelled before it ships gives its numbered units back to the edition, and so to its waitlist
 *. Their serial numbers are kept in `edition_returned` and issued again before any new one, so an
 * edition of 500 never prints a 501. A serial issued again gets a new certificate: the old one is revoked with
 * the cancellation, so the unit's uniqueness holds among the certificates still in force.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("collection_products")
    .addColumn("edition_returned", sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .execute()
  await sql`alter table certificates drop constraint certificates_unit`.execute(db)
  await sql`create unique index certificates_unit on certificates (product_id, serial) where revoked_at is null`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index certificates_unit`.execute(db)
  await sql`alter table certificates add constraint certificates_unit unique (product_id, serial)`.execute(db)
  await db.schema.alterTable("collection_products").dropColumn("edition_returned").execute()
}
