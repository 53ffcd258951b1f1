import { type Kysely, sql } from "kysely"

/**
 * The notification centre: each customer's choice per type and channel (a missing row is the default,
 * everything on), and a key that makes a sender's notification unique per customer (the reveal of one
 * character, one shipment's status), so a job run twice or by two instances notifies once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('character_reveal', 'shipment_update', 'billing', 'trade', 'system')`),
    )
    .addColumn("in_app", "boolean", (c) => c.notNull())
    .addColumn("email", "boolean", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pkey", ["user_id", "type"])
    .execute()

  await db.schema
    .alterTable("notifications")
    .addColumn("dedupe_key", "text", (c) => c.check(sql`char_length(dedupe_key) between 1 and 200`))
    .execute()
  await sql`create unique index notifications_user_dedupe_key on notifications (user_id, dedupe_key)
    where dedupe_key is not null`.execute(db)
  // The header asks every customer's unread count often: only their unread rows are read.
  await sql`create index notifications_user_unread_idx on notifications (user_id, created_at desc)
    where read_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists notifications_user_unread_idx`.execute(db)
  await sql`drop index if exists notifications_user_dedupe_key`.execute(db)
  await db.schema.alterTable("notifications").dropColumn("dedupe_key").execute()
  await db.schema.dropTable("notification_preferences").ifExists().execute()
}
