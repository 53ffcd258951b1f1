import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ReportRange, SalesReports } from "../../application/ports/SalesReports"
import { saoPauloInstant } from "../../domain/calendar"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import { insertSale } from "../../tests/support/salesRows"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresSalesReportsLayer } from "./PostgresSalesReports"

const databases = await testDatabases()
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const sp = (month: number, day: number, hour = 10, minute = 0) =>
  saoPauloInstant({ year: 2026, month, day }, hour, minute)
/** October and November 2026 in São Paulo. */
const RANGE: ReportRange = { from: sp(10, 1, 0), to: sp(12, 1, 0) }

describe.each(databases)("sales reports on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<SalesReports>
  const run = <A>(use: (reports: SalesReports["Service"]) => Effect.Effect<A>) =>
    Effect.runPromise(Effect.provide(SalesReports.use(use), layer))

  beforeAll(async () => {
    handle = await migrated(database)
    const db = handle.db
    await seedDemoCatalog(db, Date.UTC(2026, 9, 1))
    const products = await db
      .selectFrom("collection_products as p")
      .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
      .select(["c.id", "c.name", "p.id as product"])
      .orderBy("c.name")
      .execute()
    const [a, b] = [...new Map(products.map((r) => [r.id, r])).values()]
    if (!a || !b) throw new Error("the demo catalogue has two collections")
    const line = (c: typeof a, unitPrice: number, quantity: number) => ({
      productId: c.product,
      collectionId: c.id,
      collectionName: c.name,
      unitPrice,
      quantity,
    })
    const sales = [
      // 23:30 in São Paulo on 31 October: 1 November in UTC, October's in the report.
      { id: uuid(1), total: 10_000, paidAt: sp(10, 31, 23, 30), method: "card", lines: [line(a, 5000, 2)] },
      {
        id: uuid(2),
        total: 20_000,
        discount: 2000,
        couponCode: "bemvindo",
        paidAt: sp(11, 2),
        method: "pix",
        lines: [line(a, 12_000, 1), line(b, 10_000, 1)],
      },
      { id: uuid(3), kind: "plan", total: 30_001, paidAt: sp(11, 2, 15), method: "boleto" },
      // A subscriber's monthly shipment: its money is the charge.
      { id: uuid(4), kind: "subscription", total: 0, paidAt: sp(11, 3), lines: [line(b, 0, 1)] },
      { id: uuid(5), status: "awaiting_payment", total: 99_999, paidAt: null, method: "pix" },
      { id: uuid(6), total: 77_777, couponCode: "BEMVINDO", paidAt: sp(9, 30, 23, 59), method: "card" },
      { id: uuid(7), total: 0, discount: 15_000, couponCode: "CORTESIA", paidAt: sp(11, 20), method: null },
    ] as const
    for (const [n, sale] of sales.entries()) await insertSale(db, sale, n)

    await db
      .insertInto("auth_user")
      .values({
        id: "u1",
        name: "Ana",
        email: "ana@example.com",
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
    const subscription = (
      n: number,
      o: { frequency: 1 | 2; amount: number; status: string; activated: number; cancelled?: number },
    ) =>
      sql`insert into subscriptions (id, user_id, collection_id, idempotency_key, plan_id, frequency_months,
          amount_cents, status, cpf, activated_at, cancelled_at, created_at, updated_at, checked_at)
        values (${uuid(100 + n)}, 'u1', ${a.id}, ${`s-${n}`}, ${o.frequency === 1 ? "monthly-plan" : "bimonthly-plan"},
          ${o.frequency}, ${o.amount}, ${o.status}, '52998224725', ${new Date(o.activated)},
          ${o.cancelled ? new Date(o.cancelled) : null}, ${new Date(o.activated)}, ${new Date(o.activated)},
          ${new Date(o.activated)})`.execute(db)
    await subscription(1, { frequency: 1, amount: 8990, status: "active", activated: sp(11, 5) })
    await subscription(2, { frequency: 2, amount: 15_980, status: "active", activated: sp(10, 10) })
    await subscription(3, {
      frequency: 1,
      amount: 8990,
      status: "cancelled",
      activated: sp(8, 1),
      cancelled: sp(11, 7),
    })
    await subscription(4, { frequency: 2, amount: 15_981, status: "active", activated: sp(1, 10) })
    const charge = (n: number, status: string, amount: number, at: number) =>
      sql`insert into subscription_charges (id, subscription_id, status, amount_cents, charged_at, retry_attempt)
        values (${`ch-${n}`}, ${uuid(100 + n)}, ${status}, ${amount}, ${new Date(at)}, 0)`.execute(db)
    await charge(1, "approved", 8990, sp(11, 5))
    await charge(3, "rejected", 8990, sp(11, 5))
    await charge(2, "approved", 15_980, sp(10, 10))
    const refund = (n: number, order: number, amount: number, status: string, settled: number | null) =>
      sql`insert into refunds (id, order_id, amount_cents, reason, status, requested_at, settled_at)
        values (${uuid(200 + n)}, ${uuid(order)}, ${amount}, 'partial', ${status}, ${new Date(sp(11, 6))},
          ${settled === null ? null : new Date(settled)})`.execute(db)
    await refund(1, 2, 5000, "completed", sp(11, 6))
    await refund(2, 1, 1000, "pending", null)
    layer = PostgresSalesReportsLayer.pipe(Layer.provide(Db.fromHandle(handle)))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("groups paid sales, charges and completed refunds by São Paulo month", async () => {
    expect(await run((r) => r.sales(RANGE, "month"))).toEqual([
      {
        bucket: "2026-10-01",
        orderRevenue: 10_000,
        orders: 1,
        discount: 0,
        subscriptionRevenue: 15_980,
        charges: 1,
        refunded: 0,
      },
      {
        bucket: "2026-11-01",
        orderRevenue: 50_001,
        orders: 3,
        discount: 17_000,
        subscriptionRevenue: 8990,
        charges: 1,
        refunded: 5000,
      },
    ])
  })

  it("returns only days with something in them, the 23:30 sale on its São Paulo day", async () => {
    const days = await run((r) => r.sales(RANGE, "day"))
    expect(days.map((d) => d.bucket)).toEqual([
      "2026-10-10",
      "2026-10-31",
      "2026-11-02",
      "2026-11-05",
      "2026-11-06",
      "2026-11-20",
    ])
    expect(days.find((d) => d.bucket === "2026-11-02")).toMatchObject({ orderRevenue: 50_001, orders: 2 })
    const weeks = await run((r) => r.sales(RANGE, "week"))
    expect(weeks.find((w) => w.bucket === "2026-10-26")).toMatchObject({ orderRevenue: 10_000 })
  })

  it("sums lines by collection, before discount", async () => {
    const rows = await run((r) => r.byCollection(RANGE))
    expect(rows.map(({ orders, units, revenue }) => ({ orders, units, revenue }))).toEqual([
      { orders: 2, units: 3, revenue: 22_000 },
      { orders: 1, units: 1, revenue: 10_000 },
    ])
  })

  it("counts orders by the method of the attempt that paid them", async () => {
    expect(await run((r) => r.byPaymentMethod(RANGE))).toEqual([
      { method: "boleto", orders: 1, revenue: 30_001 },
      { method: "pix", orders: 1, revenue: 20_000 },
      { method: "card", orders: 1, revenue: 10_000 },
      { method: null, orders: 1, revenue: 0 },
    ])
  })

  it("reports each coupon's uses, discount and revenue, whatever its case", async () => {
    expect(await run((r) => r.coupons(RANGE))).toEqual([
      { code: "BEMVINDO", uses: 1, discount: 2000, revenue: 20_000 },
      { code: "CORTESIA", uses: 1, discount: 15_000, revenue: 0 },
    ])
  })

  it("counts subscriptions active now, started and cancelled in the period, by frequency", async () => {
    expect(await run((r) => r.subscriptions(RANGE))).toEqual({
      active: 3,
      newInPeriod: 2,
      cancelledInPeriod: 1,
      recurring: [
        { frequencyMonths: 1, subscriptions: 1, amount: 8990 },
        { frequencyMonths: 2, subscriptions: 2, amount: 31_961 },
      ],
    })
  })
})
