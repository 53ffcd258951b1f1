import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CouponCatalog, type CouponQuery } from "../../application/ports/CouponCatalog"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { saoPauloInstant } from "../../domain/calendar"
import type { CouponFields } from "../../domain/orders/couponAdmin"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { UnitOfWorkLayer } from "../db/transaction"
import { PostgresCouponCatalogLayer } from "./PostgresCouponCatalog"

const databases = await testDatabases()
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const day = (d: number, hour = 10) => saoPauloInstant({ year: 2026, month: 11, day: d }, hour)
const NOW = day(20)
const fields = (code: string, over: Partial<CouponFields> = {}): CouponFields => ({
  code,
  type: "percentage",
  value: 10,
  minimumOrderValue: 0,
  maximumDiscount: null,
  maxUses: null,
  validFrom: day(1),
  validUntil: null,
  oncePerCustomer: false,
  notWithCoins: false,
  ...over,
})

describe.each(databases)("coupon administration store on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<CouponCatalog | UnitOfWork>
  const run = <A, E>(effect: Effect.Effect<A, E, CouponCatalog | UnitOfWork>) =>
    Effect.runPromise(Effect.provide(effect, layer))
  const list = (query: Partial<CouponQuery> = {}) =>
    run(CouponCatalog.use((c) => c.list({ sort: "recent", page: 1, pageSize: 20, ...query }, NOW)))
  const codes = async (query: Partial<CouponQuery> = {}) => (await list(query)).rows.map((r) => r.code)

  const order = async (n: number, couponId: string, status: string, total: number, refunded = false) => {
    const at = new Date(day(10))
    await sql`insert into orders (id, number, tracking_code, user_id, idempotency_key, status, subtotal_cents,
      discount_cents, shipping_cents, total_cents, coupon_id, coupon_code, shipping, address, cpf, placed_at, pay_by,
      updated_at, refunded_at, fulfilment_status)
      values (${uuid(100 + n)}, ${`LG-2026-00000${n}`}, ${`TRK${n}`}, 'user-1', ${`key-${n}`}, ${status}, ${total},
      0, 0, ${total}, ${couponId}, 'NATAL10', '{}'::jsonb, '{}'::jsonb, '52998224725', ${at}, ${at}, ${at},
      ${refunded ? at : null}, ${status === "paid" ? "awaiting_production" : null})`.execute(handle.db)
  }

  beforeAll(async () => {
    handle = await migrated(database)
    layer = Layer.mergeAll(PostgresCouponCatalogLayer, UnitOfWorkLayer).pipe(
      Layer.provide(Db.fromHandle(handle)),
    )
    await handle.db
      .insertInto("auth_user")
      .values({
        id: "user-1",
        name: "Ana",
        email: "ana@example.com",
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
    const add = (n: number, f: CouponFields, active: boolean, at: number) =>
      run(CouponCatalog.use((c) => c.insert(uuid(n), f, active, at)))
    await add(1, fields("NATAL10", { maxUses: 10 }), true, day(2))
    await add(
      2,
      fields("FRETEGRATIS", { type: "free_shipping", value: 0, oncePerCustomer: true, notWithCoins: true }),
      false,
      day(5),
    )
    await add(3, fields("VERAO_10%", { type: "fixed", value: 2000, validUntil: day(15) }), true, day(8))
    await sql`update coupons set total_uses = 3 where id = ${uuid(1)}`.execute(handle.db)
    await order(1, uuid(1), "paid", 27000)
    await order(2, uuid(1), "paid", 10000)
    await order(3, uuid(1), "awaiting_payment", 50000)
    await order(4, uuid(1), "paid", 99900, true)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("lists newest first, with conversions and revenue from paid, unrefunded orders", async () => {
    const page = await list()
    expect(page.total).toBe(3)
    expect(page.rows.map((r) => r.code)).toEqual(["VERAO_10%", "FRETEGRATIS", "NATAL10"])
    expect(page.rows[2]).toMatchObject({ totalUses: 3, maxUses: 10, conversions: 2, revenue: 37000 })
    expect(page.rows[1]).toMatchObject({ conversions: 0, revenue: 0, isActive: false, createdAt: day(5) })
    // The coupon's optional rules are stored and read back.
    expect(page.rows[1]).toMatchObject({ oncePerCustomer: true, notWithCoins: true })
    expect(page.rows[2]).toMatchObject({ oncePerCustomer: false, notWithCoins: false })
  })

  it("filters by code (contains, any case, a pattern's characters as text), type, status and created days", async () => {
    expect(await codes({ search: "tal" })).toEqual(["NATAL10"])
    expect(await codes({ search: "0%" })).toEqual(["VERAO_10%"])
    expect(await codes({ search: "_" })).toEqual(["VERAO_10%"])
    expect(await codes({ type: "free_shipping" })).toEqual(["FRETEGRATIS"])
    expect(await codes({ status: "active" })).toEqual(["NATAL10"])
    expect(await codes({ status: "inactive" })).toEqual(["FRETEGRATIS"])
    expect(await codes({ status: "expired" })).toEqual(["VERAO_10%"])
    expect(await codes({ from: day(5, 0), to: day(9, 0) })).toEqual(["VERAO_10%", "FRETEGRATIS"])
    expect(await run(CouponCatalog.use((c) => c.counts(NOW)))).toEqual({ total: 3, active: 1 })
  })

  it("sorts by code and by uses on the server, and pages", async () => {
    expect(await codes({ sort: "code" })).toEqual(["FRETEGRATIS", "NATAL10", "VERAO_10%"])
    expect((await codes({ sort: "uses" }))[0]).toBe("NATAL10")
    expect(await list({ page: 2, pageSize: 2 })).toMatchObject({ total: 3, rows: [{ code: "NATAL10" }] })
  })

  it("answers code_taken for a code in use, on insert and on update, and the unit of work ends cleanly", async () => {
    const taken = await run(CouponCatalog.use((c) => c.insert(uuid(9), fields("NATAL10"), true, NOW)))
    expect(taken).toBe("code_taken")
    const renamed = await run(
      UnitOfWork.use((u) =>
        u.atomically(CouponCatalog.use((c) => c.update(uuid(2), fields("NATAL10", { type: "fixed" }), NOW))),
      ),
    )
    expect(renamed).toBe("code_taken")
    expect((await run(CouponCatalog.use((c) => c.find(uuid(2)))))?.code).toBe("FRETEGRATIS")
  })

  it("gives one coupon to two concurrent creations of the same code", async () => {
    const results = await Promise.all(
      [11, 12].map((n) =>
        run(
          UnitOfWork.use((u) =>
            u.atomically(CouponCatalog.use((c) => c.insert(uuid(n), fields("RACE"), true, NOW))),
          ),
        ),
      ),
    )
    expect(results.filter((r) => r === "code_taken")).toHaveLength(1)
    expect(await codes({ search: "RACE" })).toEqual(["RACE"])
  })

  it("updates, switches and names copies; deleting keeps the orders with their code", async () => {
    const updated = await run(
      CouponCatalog.use((c) => c.update(uuid(1), fields("NATAL15", { value: 15, maxUses: 10 }), NOW)),
    )
    expect(updated).toMatchObject({ code: "NATAL15", value: 15, totalUses: 3, updatedAt: NOW })
    expect(await run(CouponCatalog.use((c) => c.setActive(uuid(1), false, NOW)))).toMatchObject({
      isActive: false,
    })
    expect(await run(CouponCatalog.use((c) => c.setActive(uuid(99), false, NOW)))).toBeNull()
    await run(CouponCatalog.use((c) => c.insert(uuid(20), fields("NATAL15-COPIA"), false, NOW)))
    expect([...(await run(CouponCatalog.use((c) => c.codesStartingWith("NATAL15-COPIA"))))]).toEqual([
      "NATAL15-COPIA",
    ])

    expect(await run(CouponCatalog.use((c) => c.remove(uuid(1))))).toBe(true)
    expect(await run(CouponCatalog.use((c) => c.remove(uuid(1))))).toBe(false)
    const kept = await handle.db
      .selectFrom("orders")
      .select(["coupon_id", "coupon_code"])
      .where("id", "=", uuid(101))
      .executeTakeFirstOrThrow()
    expect(kept).toEqual({ coupon_id: null, coupon_code: "NATAL10" })
  })
})
