import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { Db } from "../../adapters/db/DatabaseService"
import { PostgresSalesReportsLayer } from "../../adapters/reports/PostgresSalesReports"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { SalesReports } from "../../application/ports/SalesReports"
import { periodInstants, resolvePeriod } from "../../domain/reports"
import { freshPostgres, migrated } from "../support/databases"

/**
 * `npm run bench:reports`: seeds ~20,000 paid orders (a year, two lines each, a coupon on one in ten) and 5,000
 * approved subscription charges on a fresh PostgreSQL schema, then times each report query (median of 5) and
 * prints the plan of the main one.
 */
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000)

const database = await freshPostgres(PG_URL)
const handle = await migrated(database)
const db = handle.db
try {
  await seedDemoCatalog(db, Date.UTC(2026, 0, 1))
  const product = await db
    .selectFrom("collection_products")
    .select(["id", "collection_id"])
    .executeTakeFirstOrThrow()
  const started = performance.now()
  // Paid orders spread over the year up to 27 November 2026 (plus a tenth unpaid), each paid by card or PIX.
  await sql`insert into orders (id, number, tracking_code, user_id, idempotency_key, kind, status, subtotal_cents,
      discount_cents, shipping_cents, total_cents, coupon_code, shipping, address, cpf, paid_attempt_id,
      fulfilment_status, placed_at, paid_at, pay_by, updated_at)
    select gen_random_uuid(), 'B-' || i, 'BT-' || i, null, 'k' || i, 'purchase',
      case when i % 10 = 0 then 'awaiting_payment' else 'paid' end, 20000 + i % 5000,
      case when i % 10 = 1 then 2000 else 0 end, 0, 18000 + i % 5000,
      case when i % 10 = 1 then 'BEMVINDO' end, '{}'::jsonb, '{}'::jsonb, '52998224725', null,
      case when i % 10 = 0 then null else 'delivered' end, at, case when i % 10 = 0 then null else at end, at, at
    from (select i, timestamptz '2026-01-01 03:00Z' + (i * interval '1 second' * (330 * 86400 / ${ORDERS * 1.1}))
      as at from generate_series(1, ${Math.round(ORDERS * 1.1)}) i) s`.execute(db)
  await sql`insert into payment_attempts (id, order_id, idempotency_key, method, amount_cents, status, created_at,
      updated_at)
    select gen_random_uuid(), id, 'a-' || id, case when total_cents % 2 = 0 then 'card' else 'pix' end,
      total_cents, 'approved', paid_at, paid_at from orders where status = 'paid'`.execute(db)
  await sql`update orders o set paid_attempt_id = a.id from payment_attempts a where a.order_id = o.id`.execute(
    db,
  )
  await sql`insert into order_lines (order_id, position, product_id, name, collection_id, collection_name, image_url,
      unit_price_cents, quantity)
    select o.id, p, ${product.id}, 'Figura', ${product.collection_id}, 'Coleção', '/x.jpg', 10000, 1
    from orders o, generate_series(0, 1) p`.execute(db)
  await db
    .insertInto("auth_user")
    .values({
      id: "bench",
      name: "Bench",
      email: "bench@example.com",
      emailVerified: true,
      role: null,
      appRole: null,
    })
    .execute()
  await sql`insert into subscriptions (id, user_id, collection_id, idempotency_key, plan_id, frequency_months,
      amount_cents, status, cpf, activated_at, created_at, updated_at, checked_at)
    select gen_random_uuid(), 'bench', ${product.collection_id}, 's' || i,
      case when i % 3 = 0 then 'bimonthly-plan' else 'monthly-plan' end, case when i % 3 = 0 then 2 else 1 end,
      8990 * (case when i % 3 = 0 then 2 else 1 end), case when i % 7 = 0 then 'cancelled' else 'active' end,
      '52998224725', timestamptz '2026-01-01' + i * interval '1 hour', now(), now(), now()
    from generate_series(1, 5000) i`.execute(db)
  await sql`insert into subscription_charges (id, subscription_id, status, amount_cents, charged_at, retry_attempt)
    select 'c-' || id, id, 'approved', amount_cents, activated_at, 0 from subscriptions`.execute(db)
  await sql`analyze`.execute(db)
  await sql`vacuum analyze orders`.execute(db).catch(() => undefined)
  const paid = await sql<{ n: number }>`select count(*)::int as n from orders where status = 'paid'`.execute(
    db,
  )
  console.log(`seeded ${paid.rows[0]?.n} paid orders in ${Math.round(performance.now() - started)} ms`)

  const layer = PostgresSalesReportsLayer.pipe(Layer.provide(Db.fromHandle(handle)))
  const today = { year: 2026, month: 11, day: 27 }
  const time = async (label: string, use: (r: SalesReports["Service"]) => Effect.Effect<unknown>) => {
    const runs: number[] = []
    for (let i = 0; i < 5; i++) {
      const t = performance.now()
      await Effect.runPromise(Effect.provide(SalesReports.use(use), layer))
      runs.push(performance.now() - t)
    }
    runs.sort((a, b) => a - b)
    console.log(`${label.padEnd(40)} median ${runs[2]?.toFixed(1)} ms  max ${runs[4]?.toFixed(1)} ms`)
  }
  for (const preset of ["30d", "year"] as const) {
    const resolved = resolvePeriod({ preset }, today)
    if (!resolved.ok) throw new Error(resolved.message)
    const range = periodInstants(resolved.period)
    await time(`${preset} sales by day`, (r) => r.sales(range, "day"))
    await time(`${preset} sales by month`, (r) => r.sales(range, "month"))
    await time(`${preset} by collection`, (r) => r.byCollection(range))
    await time(`${preset} by payment method`, (r) => r.byPaymentMethod(range))
    await time(`${preset} coupons`, (r) => r.coupons(range))
    await time(`${preset} subscriptions`, (r) => r.subscriptions(range))
    const plan = await sql<{ "QUERY PLAN": string }>`explain analyze
      select (date_trunc('day', paid_at at time zone 'America/Sao_Paulo'))::date::text, sum(total_cents), count(*)
      from orders where status = 'paid' and paid_at >= ${new Date(range.from)} and paid_at < ${new Date(range.to)}
        and kind <> 'subscription' group by 1`.execute(db)
    console.log(`EXPLAIN ${preset} sales by day:\n  ${plan.rows.map((r) => r["QUERY PLAN"]).join("\n  ")}`)
  }
} finally {
  await handle.close()
  await database.dispose()
}
