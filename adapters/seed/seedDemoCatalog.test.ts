import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toSaoPauloCivil } from "../../domain/calendar"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { seedDemoCatalog, seedDemoCoupons } from "./seedDemoCatalog"

const databases = await testDatabases()
const NOW = Date.UTC(2026, 10, 21, 12)

describe.each(databases)("demo seed on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await migrated(database)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("numbers the month's characters (500) and the mythic ones (100)", async () => {
    expect(await seedDemoCatalog(handle.db, NOW)).toBe(true)
    const today = toSaoPauloCivil(NOW)
    const rows = await handle.db
      .selectFrom("collection_products")
      .select(["edition_size", "collector_limit", "rarity", "display_month", "edition_year"])
      .execute()
    const monthly = rows.filter((r) => r.display_month === today.month && r.edition_year === today.year)
    expect(monthly).toHaveLength(7)
    expect(monthly.every((r) => r.edition_size === 500)).toBe(true)
    const mythic = rows.filter((r) => r.rarity === "mythic" && !monthly.includes(r))
    expect(mythic.length).toBeGreaterThan(0)
    expect(mythic.every((r) => r.edition_size === 100)).toBe(true)
    expect(rows.filter((r) => r.edition_size === null).length).toBe(
      rows.length - monthly.length - mythic.length,
    )
    // A numbered edition starts at one unit per collector, a made-to-order product unlimited.
    expect(rows.every((r) => r.collector_limit === (r.edition_size === null ? null : 1))).toBe(true)
  })

  it("adds the demo coupons once, and leaves a used or edited one alone", async () => {
    expect(await seedDemoCoupons(handle.db, NOW)).toBe(3)
    await handle.db.updateTable("coupons").set({ total_uses: 7 }).where("code", "=", "LENDARIO50").execute()
    expect(await seedDemoCoupons(handle.db, NOW + 1000)).toBe(0)
    const coupons = await handle.db
      .selectFrom("coupons")
      .select([
        "code",
        "type",
        "value",
        "minimum_order_cents",
        "maximum_discount_cents",
        "max_uses",
        "total_uses",
      ])
      .orderBy("code")
      .execute()
    expect(coupons).toEqual([
      {
        code: "BEMVINDO10",
        type: "percentage",
        value: 10,
        minimum_order_cents: 0,
        maximum_discount_cents: 5000,
        max_uses: null,
        total_uses: 0,
      },
      {
        code: "FRETEGRATIS",
        type: "free_shipping",
        value: 0,
        minimum_order_cents: 29900,
        maximum_discount_cents: null,
        max_uses: null,
        total_uses: 0,
      },
      {
        code: "LENDARIO50",
        type: "fixed",
        value: 5000,
        minimum_order_cents: 40000,
        maximum_discount_cents: null,
        max_uses: 100,
        total_uses: 7,
      },
    ])
  })
})
