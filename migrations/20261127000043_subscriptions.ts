import { type Kysely, sql } from "kysely"

/**
 * Recurring subscriptions (decision 2), their charges, and the months plans cover (decision 3): one row per
 * (plan, month), the key of exactly one monthly shipment (decision 4), whatever retries happen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("collection_id", "uuid", (c) => c.notNull().references("legendarium_collections.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("plan_id", "text", (c) =>
      c.notNull().check(sql`plan_id in ('monthly-plan', 'bimonthly-plan')`),
    )
    .addColumn("frequency_months", "integer", (c) => c.notNull().check(sql`frequency_months in (1, 2)`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'active', 'past_due', 'paused', 'cancelled')`),
    )
    .addColumn("cpf", "char(11)", (c) => c.notNull())
    .addColumn("preapproval_id", "text", (c) => c.unique())
    .addColumn("card_last_four", "text")
    .addColumn("payment_method_id", "text")
    // Months as "YYYY-MM", days as "YYYY-MM-DD" (São Paulo).
    .addColumn("covered_from", "char(7)")
    .addColumn("covered_through", "char(7)")
    .addColumn("last_paid_cycle", "char(7)")
    .addColumn("retry_on", "char(10)")
    .addColumn("paused_by", "text", (c) => c.check(sql`paused_by in ('collector', 'dunning')`))
    .addColumn("paused_until", "char(10)")
    .addColumn("paused_at", "timestamptz")
    .addColumn("cancel_at", "timestamptz")
    .addColumn("cancel_reason", "text")
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("activated_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("checked_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("subscriptions_user_key", ["user_id", "idempotency_key"])
    .execute()
  await db.schema.createIndex("subscriptions_user_idx").on("subscriptions").column("user_id").execute()
  await sql`create index subscriptions_open_idx on subscriptions (checked_at) where status <> 'cancelled'`.execute(
    db,
  )

  await db.schema
    .createTable("subscription_charges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "uuid", (c) =>
      c.notNull().references("subscriptions.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_detail", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("charged_at", "timestamptz", (c) => c.notNull())
    .addColumn("retry_attempt", "integer", (c) => c.notNull())
    .addColumn("months", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema
    .createIndex("subscription_charges_subscription_idx")
    .on("subscription_charges")
    .column("subscription_id")
    .execute()

  // A subscription's or a prepaid plan's (its order's id) months: the primary key makes one shipment a month.
  await db.schema
    .createTable("plan_months")
    .addColumn("source_id", "uuid", (c) => c.notNull())
    .addColumn("month", "char(7)", (c) => c.notNull())
    .addColumn("source_kind", "text", (c) =>
      c.notNull().check(sql`source_kind in ('subscription', 'prepaid')`),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("collection_id", "uuid", (c) => c.notNull().references("legendarium_collections.id"))
    .addColumn("paid_at", "timestamptz", (c) => c.notNull())
    .addColumn("held_product_id", "uuid")
    .addColumn("order_id", "uuid", (c) => c.references("orders.id").unique())
    .addPrimaryKeyConstraint("plan_months_pk", ["source_id", "month"])
    .execute()
  await db.schema.createIndex("plan_months_user_idx").on("plan_months").column("user_id").execute()
  await sql`create index plan_months_unshipped_idx on plan_months (month) where order_id is null`.execute(db)

  await db.schema
    .createTable("plan_settings")
    .addColumn("source_id", "uuid", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("reveal_notifications", "boolean", (c) => c.notNull())
    .addColumn("new_plan_news", "boolean", (c) => c.notNull())
    .addColumn("address_id", "uuid", (c) => c.references("addresses.id").onDelete("set null"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // One entitlement per plan and covered month (a pause leaves a gap), written by the subscriptions' handlers.
  await db.schema
    .alterTable("collection_entitlements")
    .addColumn("source_id", "uuid")
    .addColumn("month", "char(7)")
    .execute()
  await db.schema
    .createIndex("collection_entitlements_source_month")
    .unique()
    .on("collection_entitlements")
    .columns(["source_id", "month"])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("collection_entitlements_source_month").ifExists().execute()
  await db.schema.alterTable("collection_entitlements").dropColumn("month").dropColumn("source_id").execute()
  await db.schema.dropTable("plan_settings").ifExists().execute()
  await db.schema.dropTable("plan_months").ifExists().execute()
  await db.schema.dropTable("subscription_charges").ifExists().execute()
  await db.schema.dropTable("subscriptions").ifExists().execute()
}
