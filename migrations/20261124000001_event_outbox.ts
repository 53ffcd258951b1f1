import { type Kysely, sql } from "kysely"

// Typed Kysely<any> on purpose: a migration must keep working whatever the schema becomes later.
export async function up(db: Kysely<any>): Promise<void> {
  // "Outbox" now means the event outbox; the development mail store becomes the mailbox.
  await db.schema.alterTable("dev_outbox").renameTo("dev_mailbox").execute()
  await sql`alter index dev_outbox_created_at_idx rename to dev_mailbox_created_at_idx`.execute(db)

  await db.schema
    .createTable("outbox_events")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("aggregate_id", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'done', 'parked')`),
    )
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("locked_by", "text")
    .addColumn("finished_at", "timestamptz")
    .execute()
  // The dispatcher's claim reads only due pending events, oldest first.
  await sql`create index outbox_events_due_idx on outbox_events (next_attempt_at, id) where status = 'pending'`.execute(
    db,
  )
  await sql`create index outbox_events_finished_idx on outbox_events (finished_at) where status = 'done'`.execute(
    db,
  )
  await db.schema
    .createIndex("outbox_events_aggregate_idx")
    .on("outbox_events")
    .columns(["aggregate_id", "id"])
    .execute()

  await db.schema
    .createTable("outbox_deliveries")
    .addColumn("event_id", "bigint", (c) => c.notNull().references("outbox_events.id").onDelete("cascade"))
    .addColumn("handler", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'applied', 'failed', 'parked')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("retry_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("outbox_deliveries_pk", ["event_id", "handler"])
    .execute()
  await sql`create index outbox_deliveries_parked_idx on outbox_deliveries (updated_at desc) where status = 'parked'`.execute(
    db,
  )

  await db.schema
    .createTable("scheduled_jobs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("next_run_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_started_at", "timestamptz")
    .addColumn("last_finished_at", "timestamptz")
    .addColumn("last_ok", "boolean")
    .addColumn("last_error", "text")
    .addColumn("runs", "integer", (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable("sent_emails")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('sending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider_message_id", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addUniqueConstraint("sent_emails_event_template_key", ["event_id", "template"])
    .execute()
  await db.schema
    .createIndex("sent_emails_created_at_idx")
    .on("sent_emails")
    .column("created_at desc")
    .execute()
  await sql`create index sent_emails_recipient_idx on sent_emails (lower(recipient), created_at desc)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sent_emails").ifExists().execute()
  await db.schema.dropTable("scheduled_jobs").ifExists().execute()
  await db.schema.dropTable("outbox_deliveries").ifExists().execute()
  await db.schema.dropTable("outbox_events").ifExists().execute()
  await sql`alter index dev_mailbox_created_at_idx rename to dev_outbox_created_at_idx`.execute(db)
  await db.schema.alterTable("dev_mailbox").renameTo("dev_outbox").execute()
}
