import { type Kysely, sql } from "kysely"

/**
 * The notification senders:
 * - `notification_claims`: a scheduled sender's "this once" (a character's reveal, a PIX about to expire).
 *   The job inserts the key in the transaction that stores the in-app notifications and records one outbox
 *   event per e-mail; a second run, or a second instance at the same moment, finds the key taken (the
 *   primary key makes the later insert wait for the first transaction, then skip), so both channels are
 *   given once, whatever each customer chose for either.
 * - `announcement_recipients`: whom an announcement reached, whatever their choices, so a customer with the
 *   in-app list off (no notification row) still gets its e-mail once and only once.
 * - `dev_mailbox.headers`: the extra headers of a kept message (List-Unsubscribe), shown in the viewer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notification_claims")
    .addColumn("key", "text", (c) => c.primaryKey().check(sql`char_length(key) between 1 and 200`))
    .addColumn("claimed_at", "timestamptz", (c) => c.notNull())
    .execute()

  await db.schema
    .createTable("announcement_recipients")
    .addColumn("announcement_id", "uuid", (c) =>
      c.notNull().references("announcements.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("reached_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("announcement_recipients_pkey", ["announcement_id", "user_id"])
    .execute()
  // Announcements fanned out before this table: their notified customers are their recipients.
  await sql`insert into announcement_recipients (announcement_id, user_id, reached_at)
    select announcement_id, user_id, min(created_at) from notifications
    where announcement_id is not null group by announcement_id, user_id
    on conflict do nothing`.execute(db)

  await db.schema
    .alterTable("dev_mailbox")
    .addColumn("headers", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("dev_mailbox").dropColumn("headers").execute()
  await db.schema.dropTable("announcement_recipients").ifExists().execute()
  await db.schema.dropTable("notification_claims").ifExists().execute()
}
