import { type Kysely, sql } from "kysely"

const FULFILMENT_STATUSES = [
  "awaiting_production",
  "in_production",
  "produced",
  "shipped",
  "in_transit",
  "delivered",
  "cancelled",
  "returned",
  "refunded",
]
const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "))

/**
 * A paid order's life after payment. `orders.status` keeps the payment's lifecycle untouched (every
 * query of checkout and reconciliation stays right); `fulfilment_status` starts when it becomes `paid`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("fulfilment_status", "text", (c) =>
      c.check(sql`fulfilment_status is null or fulfilment_status in (${quoted(FULFILMENT_STATUSES)})`),
    )
    .addColumn("production_started_at", "timestamptz")
    .addColumn("produced_at", "timestamptz")
    .addColumn("fulfilment_cancelled_at", "timestamptz")
    .addColumn("refunded_at", "timestamptz")
    .execute()
  await sql`update orders set fulfilment_status = 'awaiting_production' where status = 'paid'`.execute(db)
  await sql`alter table orders add constraint orders_fulfilment_when_paid
    check ((status = 'paid') = (fulfilment_status is not null)) not valid`.execute(db)

  // The admin list: filters by either status, payment method, period and collection; search by number
  // (unique already), tracking code (unique already), CPF, e-mail (auth_user.email is unique) and carrier code.
  await sql`create index orders_fulfilment_idx on orders (fulfilment_status, placed_at desc)`.execute(db)
  await sql`create index orders_status_placed_idx on orders (status, placed_at desc)`.execute(db)
  await sql`create index orders_placed_idx on orders (placed_at desc)`.execute(db)
  await sql`create index orders_cpf_idx on orders (cpf) where cpf is not null`.execute(db)
  await sql`create index order_lines_collection_idx on order_lines (collection_id, order_id)`.execute(db)
  await sql`create index payment_attempts_method_idx on payment_attempts (method, order_id)`.execute(db)

  // Spec 001 §3 Shipment, with §4's statuses and the customer's rating of the delivery.
  await db.schema
    .createTable("shipments")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(sql`status in ('preparing', 'shipped', 'in_transit', 'delivered', 'returned', 'failed')`),
    )
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("tracking_code", "text", (c) => c.notNull())
    .addColumn("shipped_at", "timestamptz", (c) => c.notNull())
    .addColumn("estimated_delivery", "date", (c) => c.notNull())
    .addColumn("in_transit_at", "timestamptz")
    .addColumn("delivered_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("rating", "smallint", (c) => c.check(sql`rating between 1 and 5`))
    .addColumn("review", "text", (c) => c.check(sql`char_length(review) <= 500`))
    .addColumn("rated_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  // Two administrators shipping one order at once still make one live parcel.
  await sql`create unique index shipments_one_live on shipments (order_id)
    where status not in ('returned', 'failed')`.execute(db)
  await sql`create index shipments_order_idx on shipments (order_id, shipped_at)`.execute(db)
  await sql`create index shipments_carrier_code_idx on shipments (upper(tracking_code))`.execute(db)

  await db.schema
    .createTable("refunds")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('cancellation', 'withdrawal', 'partial', 'damage')`),
    )
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'completed', 'failed')`))
    .addColumn("gateway_refund_id", "text")
    .addColumn("requested_at", "timestamptz", (c) => c.notNull())
    .addColumn("settled_at", "timestamptz")
    .execute()
  await sql`create index refunds_order_idx on refunds (order_id, requested_at)`.execute(db)
  await sql`create index refunds_pending_idx on refunds (requested_at) where status = 'pending'`.execute(db)

  // Withdrawal (CDC art. 49), damaged item, missing parcel: spec 002 §1.
  await db.schema
    .createTable("after_sale_requests")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('withdrawal', 'damage', 'missing')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('requested', 'approved', 'rejected', 'return_received', 'resolved')`),
    )
    .addColumn("description", "text", (c) => c.notNull().check(sql`char_length(description) <= 1000`))
    .addColumn("requested_at", "timestamptz", (c) => c.notNull())
    .addColumn("decided_at", "timestamptz")
    .addColumn("decision_note", "text")
    .addColumn("return_received_at", "timestamptz")
    .execute()
  await sql`create unique index after_sale_requests_one_open on after_sale_requests (order_id, kind)
    where status in ('requested', 'approved')`.execute(db)
  await sql`create index after_sale_requests_order_idx on after_sale_requests (order_id, requested_at)`.execute(
    db,
  )
  await sql`create index after_sale_requests_waiting_idx on after_sale_requests (requested_at)
    where status = 'requested'`.execute(db)

  // Who did what to an order, when; the action key makes a retried action a no-op.
  await db.schema
    .createTable("order_audit")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) =>
      c.notNull().check(sql`actor_kind in ('admin', 'customer', 'system')`),
    )
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action_key", "text", (c) => c.notNull().unique())
    .addColumn("details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index order_audit_order_idx on order_audit (order_id, created_at)`.execute(db)

  // Certificates of authenticity: one per paid numbered unit, found by an unguessable code.
  await db.schema
    .createTable("certificates")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "uuid", (c) => c.notNull())
    .addColumn("product_name", "text", (c) => c.notNull())
    .addColumn("collection_name", "text", (c) => c.notNull())
    .addColumn("serial", "integer", (c) => c.notNull().check(sql`serial > 0`))
    .addColumn("edition_size", "integer", (c) => c.notNull())
    .addColumn("owner_initials", "text", (c) => c.notNull())
    .addColumn("issued_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addUniqueConstraint("certificates_unit", ["product_id", "serial"])
    .execute()
  await sql`create index certificates_order_idx on certificates (order_id)`.execute(db)

  await db.schema
    .createTable("order_notes")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("author_email", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index order_notes_order_idx on order_notes (order_id, created_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "order_notes",
    "certificates",
    "order_audit",
    "after_sale_requests",
    "refunds",
    "shipments",
  ])
    await db.schema.dropTable(table).ifExists().execute()
  for (const index of [
    "orders_fulfilment_idx",
    "orders_status_placed_idx",
    "orders_placed_idx",
    "orders_cpf_idx",
    "order_lines_collection_idx",
    "payment_attempts_method_idx",
  ])
    await db.schema.dropIndex(index).ifExists().execute()
  await sql`alter table orders drop constraint if exists orders_fulfilment_when_paid`.execute(db)
  await db.schema
    .alterTable("orders")
    .dropColumn("fulfilment_status")
    .dropColumn("production_started_at")
    .dropColumn("produced_at")
    .dropColumn("fulfilment_cancelled_at")
    .dropColumn("refunded_at")
    .execute()
}
