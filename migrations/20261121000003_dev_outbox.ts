import { type Kysely, sql } from "kysely"

// Typed Kysely<any> on purpose: a migration must keep working whatever the schema becomes later.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("dev_outbox")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // The outbox page and the tests always read the newest messages first.
  await db.schema
    .createIndex("dev_outbox_created_at_idx")
    .on("dev_outbox")
    .column("created_at desc")
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("dev_outbox").ifExists().execute()
}
