import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<any>): Promise<void> {
  // The offline gateway's recurring authorisations (Mercado Pago's preapprovals), kept beside its payments.
  await db.schema
    .createTable("sandbox_preapprovals")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The idempotency key: one preapproval per subscription of the store, however often it is asked for.
    .addColumn("subscription_id", "text", (c) => c.notNull().unique())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("frequency_months", "integer", (c) => c.notNull().check(sql`frequency_months in (1, 2)`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'authorized', 'paused', 'cancelled')`),
    )
    .addColumn("payer_email", "text", (c) => c.notNull())
    .addColumn("back_url", "text", (c) => c.notNull())
    .addColumn("notification_url", "text", (c) => c.notNull())
    // The card charged now: swapped by a new token, its holder name decides each charge's outcome.
    .addColumn("payment_method_id", "text", (c) => c.notNull())
    .addColumn("card_last_four", "text", (c) => c.notNull())
    .addColumn("holder_name", "text", (c) => c.notNull())
    // The São Paulo month ("YYYY-MM") of the first charge: renewals fall every frequency months after it.
    .addColumn("start_month", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex("sandbox_preapprovals_status_idx")
    .on("sandbox_preapprovals")
    .column("status")
    .execute()

  // One charge per preapproval and billing month: the unique key is what makes a cycle charged once, whatever
  // job runs or instances race. A retry updates its cycle's charge (Mercado Pago's `retry_attempt`).
  await sql`create sequence sandbox_charge_ids start with 70000000001`.execute(db)
  await db.schema
    .createTable("sandbox_preapproval_charges")
    .addColumn("id", "text", (c) => c.primaryKey().defaultTo(sql`nextval('sandbox_charge_ids')::text`))
    .addColumn("preapproval_id", "text", (c) =>
      c.notNull().references("sandbox_preapprovals.id").onDelete("cascade"),
    )
    .addColumn("cycle_month", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_detail", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("retry_attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("charged_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("sandbox_preapproval_charges_cycle", ["preapproval_id", "cycle_month"])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sandbox_preapproval_charges").ifExists().execute()
  await sql`drop sequence if exists sandbox_charge_ids`.execute(db)
  await db.schema.dropTable("sandbox_preapprovals").ifExists().execute()
}
