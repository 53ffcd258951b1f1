import { type Kysely, sql } from "kysely"

/**
 * The payments and notifications screens: in-app notifications (spec 001's Notification entity, which
 * the notification centre grows with its other types and preferences), administrators' announcements fanned out to them, and
 * the receipt of every Mercado Pago webhook (what arrived and what became of it; never a body or a header).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("announcements")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull().check(sql`char_length(title) between 1 and 120`))
    .addColumn("message", "text", (c) => c.notNull().check(sql`char_length(message) between 1 and 2000`))
    .addColumn("action_url", "text")
    .addColumn("audience", "text", (c) => c.notNull().check(sql`audience in ('all', 'collection')`))
    .addColumn("collection_id", "uuid", (c) =>
      c.references("legendarium_collections.id").onDelete("set null"),
    )
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    // Null until the fan-out ran; then how many customers it reached.
    .addColumn("recipient_count", "integer")
    .addColumn("delivered_at", "timestamptz")
    .execute()
  await sql`create index announcements_created_idx on announcements (created_at desc, id desc)`.execute(db)

  await db.schema
    .createTable("notifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('character_reveal', 'shipment_update', 'billing', 'trade', 'system')`),
    )
    .addColumn("title", "text", (c) => c.notNull().check(sql`char_length(title) between 1 and 120`))
    .addColumn("message", "text", (c) => c.notNull().check(sql`char_length(message) between 1 and 2000`))
    .addColumn("action_url", "text")
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("announcement_id", "uuid", (c) => c.references("announcements.id").onDelete("cascade"))
    .addColumn("read_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    // A fan-out applied twice gives each customer one notification.
    .addUniqueConstraint("notifications_announcement_user_key", ["announcement_id", "user_id"])
    .execute()
  // The header's list: one customer's newest first, and the unread count.
  await sql`create index notifications_user_created_idx on notifications (user_id, created_at desc)`.execute(
    db,
  )

  await db.schema
    .createTable("webhook_receipts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider", "text", (c) => c.notNull().defaultTo("mercadopago"))
    .addColumn("topic", "text", (c) => c.check(sql`char_length(topic) <= 64`))
    .addColumn("data_id", "text", (c) => c.check(sql`char_length(data_id) <= 64`))
    .addColumn("request_id", "text", (c) => c.check(sql`char_length(request_id) <= 128`))
    .addColumn("signature_valid", "boolean", (c) => c.notNull())
    .addColumn("outcome", "text", (c) =>
      c.notNull().check(sql`outcome in ('applied', 'duplicate', 'ignored', 'refused')`),
    )
    .addColumn("reason", "text", (c) => c.check(sql`char_length(reason) <= 64`))
    .addColumn("received_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index webhook_receipts_received_idx on webhook_receipts (received_at desc, id desc)`.execute(
    db,
  )
  // A retried delivery (same request id) is stored once for processing; the others are receipts only.
  await sql`create unique index webhook_receipts_applied_key on webhook_receipts (topic, data_id, request_id)
    where outcome = 'applied' and request_id is not null`.execute(db)

  // The payments screen lists gateway payments newest first and finds one by its gateway id.
  await sql`create index payment_attempts_created_idx on payment_attempts (created_at desc, id desc)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_attempts_created_idx`.execute(db)
  await db.schema.dropTable("webhook_receipts").ifExists().execute()
  await db.schema.dropTable("notifications").ifExists().execute()
  await db.schema.dropTable("announcements").ifExists().execute()
}
