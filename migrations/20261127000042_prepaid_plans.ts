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

const FEATURES = (months: number, percent: number) =>
  JSON.stringify([
    `1 personagem por mês durante ${months} meses`,
    `${percent}% de desconto`,
    "Frete grátis em todos os envios",
    "Pagamento único, sem renovação automática",
  ])

// Spec 002 §9, priced for the reference collection (R$ 299,90): 299,90 × months less the discount.
const SEED = [
  ["quarterly", "Trimestral", "Três meses de personagens com 10% de desconto.", 80973, 3, true, 2999, 10],
  ["semiannual", "Semestral", "Seis meses de personagens com 15% de desconto.", 152949, 6, false, 4499, 15],
  ["annual", "Anual", "Doze meses de personagens com 20% de desconto.", 287904, 12, false, 5998, 20],
] as const

/**
 * Prepaid plans (spec 002 §3) as rows the administrator edits; a plan order records what it bought; a paid plan
 * order's after-payment life is `plan_active` (its months ship as orders of kind `subscription`), never
 * production or shipping; plan edits go to the same audit log as order actions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("prepaid_plans")
    .addColumn("id", "text", (c) => c.primaryKey().check(sql`id in ('quarterly', 'semiannual', 'annual')`))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 80`))
    .addColumn("description", "text", (c) =>
      c.notNull().check(sql`char_length(description) between 1 and 500`),
    )
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn("edition_count", "integer", (c) =>
      c.notNull().defaultTo(1).check(sql`edition_count between 1 and 12`),
    )
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("is_popular", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("discount_per_box_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("savings_percentage", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("features", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db
    .insertInto("prepaid_plans")
    .values(
      SEED.map(([id, name, description, price, count, popular, perBox, percent]) => ({
        id,
        name,
        description,
        price_cents: price,
        edition_count: count,
        is_popular: popular,
        discount_per_box_cents: perBox,
        savings_percentage: percent,
        features: FEATURES(count, percent),
      })),
    )
    .execute()

  await db.schema.alterTable("orders").addColumn("plan", "jsonb").execute()
  await sql`alter table orders add constraint orders_plan_of_plan_orders
    check ((kind = 'plan') = (plan is not null))`.execute(db)
  await sql`alter table orders drop constraint orders_fulfilment_status_check`.execute(db)
  await sql`alter table orders add constraint orders_fulfilment_status_check check (fulfilment_status is null
    or fulfilment_status in (${quoted([...FULFILMENT_STATUSES, "plan_active"])}))`.execute(db)
  // A plan is never produced or shipped itself: it is active, or cancelled and refunded.
  await sql`alter table orders add constraint orders_plan_fulfilment check (kind <> 'plan'
    or fulfilment_status is null or fulfilment_status in ('plan_active', 'cancelled', 'refunded'))`.execute(
    db,
  )

  await db.schema
    .alterTable("order_audit")
    .alterColumn("order_id", (c) => c.dropNotNull())
    .execute()
  await db.schema
    .alterTable("order_audit")
    .addColumn("plan_id", "text", (c) => c.references("prepaid_plans.id").onDelete("cascade"))
    .execute()
  await sql`alter table order_audit add constraint order_audit_one_subject
    check ((order_id is null) <> (plan_id is null))`.execute(db)
  await sql`create index order_audit_plan_idx on order_audit (plan_id, created_at) where plan_id is not null`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from order_audit where plan_id is not null`.execute(db)
  await sql`alter table order_audit drop constraint order_audit_one_subject`.execute(db)
  await db.schema.alterTable("order_audit").dropColumn("plan_id").execute()
  await db.schema
    .alterTable("order_audit")
    .alterColumn("order_id", (c) => c.setNotNull())
    .execute()
  await sql`alter table orders drop constraint orders_plan_fulfilment`.execute(db)
  await sql`alter table orders drop constraint orders_fulfilment_status_check`.execute(db)
  await sql`alter table orders add constraint orders_fulfilment_status_check check (fulfilment_status is null
    or fulfilment_status in (${quoted(FULFILMENT_STATUSES)}))`.execute(db)
  await sql`alter table orders drop constraint orders_plan_of_plan_orders`.execute(db)
  await db.schema.alterTable("orders").dropColumn("plan").execute()
  await db.schema.dropTable("prepaid_plans").execute()
}
