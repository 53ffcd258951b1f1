import { type Kysely, sql } from "kysely"

/**
 * The administrators' change log: who changed which collection, product, coupon, user, setting or
 * announcement, when, and every changed field before and after. Orders and prepaid plans keep `order_audit`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_audit")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("subject_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) =>
      c.notNull().check(sql`actor_kind in ('admin', 'customer', 'system')`),
    )
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("changes", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
  // The screen lists newest first, all or of one kind, a page at a time.
  await sql`create index admin_audit_created_idx on admin_audit (created_at desc, id desc)`.execute(db)
  await sql`create index admin_audit_subject_idx on admin_audit (subject_type, created_at desc)`.execute(db)
  await sql`create index order_audit_created_idx on order_audit (created_at desc, id desc)`.execute(db)
  // The dashboard's and the reports' revenue: paid orders by the day they were paid.
  await sql`create index orders_paid_at_idx on orders (paid_at) where paid_at is not null`.execute(db)
  await sql`create index subscription_charges_approved_idx on subscription_charges (charged_at)
    where status = 'approved'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists subscription_charges_approved_idx`.execute(db)
  await sql`drop index if exists orders_paid_at_idx`.execute(db)
  await sql`drop index if exists order_audit_created_idx`.execute(db)
  await db.schema.dropTable("admin_audit").execute()
}
