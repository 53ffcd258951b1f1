import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CatalogRepository } from "../../application/ports/CatalogRepository"
import { Newsletter } from "../../application/ports/Newsletter"
import { StoreSettings } from "../../application/ports/StoreSettings"
import { saoPauloInstant } from "../../domain/calendar"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import {
  freshPostgres,
  migrated,
  postgresServerUrl,
  type TestDatabase,
  testDatabases,
} from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { migrateDownAll, migrateToLatest } from "../db/migrate"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresNewsletterLayer } from "../settings/PostgresNewsletter"
import { PostgresStoreSettingsLayer } from "../settings/PostgresStoreSettings"
import { PostgresCatalogLayer } from "./PostgresCatalog"

const NOW = saoPauloInstant({ year: 2026, month: 11, day: 21 }, 9)
const DEFAULTS = {
  supportEmail: "contato@example.com",
  supportHours: "9h às 18h",
  whatsappNumber: "5511999990000",
  shippingOriginCep: "01001000",
  plansHiddenNames: [] as string[],
}

const databases = await testDatabases()
const results = new Map<string, unknown>()

describe.each(databases)("Postgres adapters on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<CatalogRepository | StoreSettings | Newsletter>
  const run = <A>(effect: Effect.Effect<A, never, CatalogRepository | StoreSettings | Newsletter>) =>
    Effect.runPromise(Effect.provide(effect, layer))

  beforeAll(async () => {
    handle = await migrated(database)
    expect(await seedDemoCatalog(handle.db, NOW)).toBe(true)
    layer = Layer.mergeAll(
      PostgresCatalogLayer,
      PostgresStoreSettingsLayer(DEFAULTS),
      PostgresNewsletterLayer,
    ).pipe(Layer.provide(Db.fromHandle(handle)))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("seeds only an empty catalogue", async () => {
    expect(await seedDemoCatalog(handle.db, NOW)).toBe(false)
    const { n } = await handle.db
      .selectFrom("collection_products")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow()
    expect(n).toBe(84)
  })

  it("lists active collections featured first, with their characters in display order", async () => {
    const collections = await run(CatalogRepository.use((c) => c.listActiveCollections()))
    expect(collections).toHaveLength(7)
    expect(collections[0]?.isFeatured).toBe(true)
    expect(collections.filter((c) => c.isFeatured)).toHaveLength(1)
    const characters = await run(CatalogRepository.use((c) => c.listCharacters(collections[0]!.id)))
    expect(characters.map((c) => c.displayOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    const grouped = await run(
      CatalogRepository.use((c) => c.listCharactersOfCollections(collections.map((x) => x.id))),
    )
    expect([...grouped.values()].map((l) => l.length)).toEqual(Array(7).fill(12))
  })

  it("schedules released, current-month and upcoming characters in every collection", async () => {
    const collections = await run(CatalogRepository.use((c) => c.listActiveCollections()))
    for (const collection of collections) {
      const characters = await run(CatalogRepository.use((c) => c.listCharacters(collection.id)))
      const index = (m: { year: number; month: number }) => m.year * 12 + m.month
      const current = index({ year: 2026, month: 11 })
      expect(characters.some((c) => index(c.edition) < current)).toBe(true)
      expect(characters.filter((c) => index(c.edition) === current)).toHaveLength(1)
      expect(characters.some((c) => index(c.edition) > current)).toBe(true)
    }
    const edition = await run(
      CatalogRepository.use((c) => c.listEditionCharacters({ year: 2026, month: 11 })),
    )
    expect(edition).toHaveLength(7)
  })

  it("finds by slug or id, and hides inactive collections and their characters", async () => {
    const [first] = await run(CatalogRepository.use((c) => c.listActiveCollections()))
    const bySlug = await run(CatalogRepository.use((c) => c.findCollection(first!.slug)))
    expect(bySlug?.id).toBe(first!.id)
    const [character] = await run(CatalogRepository.use((c) => c.listCharacters(first!.id)))
    expect((await run(CatalogRepository.use((c) => c.findCharacter(character!.id))))?.collection.id).toBe(
      first!.id,
    )
    expect(await run(CatalogRepository.use((c) => c.findCharacter("not-a-uuid")))).toBeNull()

    await handle.db
      .updateTable("legendarium_collections")
      .set({ is_active: false })
      .where("id", "=", first!.id)
      .execute()
    try {
      expect(await run(CatalogRepository.use((c) => c.findCollection(first!.id)))).toBeNull()
      expect(await run(CatalogRepository.use((c) => c.findCharacter(character!.id)))).toBeNull()
      expect(await run(CatalogRepository.use((c) => c.listActiveCollections()))).toHaveLength(6)
    } finally {
      await handle.db
        .updateTable("legendarium_collections")
        .set({ is_active: true })
        .where("id", "=", first!.id)
        .execute()
    }
  })

  it("says an edition is sold out when no unit is left for the public, announcing only the crossing", async () => {
    const [character] = await run(
      CatalogRepository.use((c) => c.listEditionCharacters({ year: 2026, month: 11 })),
    )
    const id = character!.character.id
    const soldOut = async () =>
      (await run(CatalogRepository.use((c) => c.findCharacter(id))))?.character.soldOut
    let notices = 0
    const unlisten = await handle.listen("catalog_changed", () => notices++)
    const units = (set: { edition_reserved?: number; edition_sold?: number; edition_offered?: number }) =>
      handle.db.updateTable("collection_products").set(set).where("id", "=", id).execute()
    try {
      await handle.db
        .updateTable("collection_products")
        .set({ edition_size: 3 })
        .where("id", "=", id)
        .execute()
      await units({ edition_sold: 1 })
      expect(await soldOut()).toBe(false)
      await units({ edition_reserved: 1, edition_offered: 1 })
      expect(await soldOut()).toBe(true)
      await expect.poll(() => notices).toBe(1)
      await units({ edition_reserved: 0, edition_sold: 2 }) // a pending order paid: still none left
      await units({ edition_offered: 0 }) // the held unit's offer lapsed: one is back
      expect(await soldOut()).toBe(false)
      await expect.poll(() => notices).toBe(2)
      await handle.db
        .updateTable("collection_products")
        .set({ edition_size: null })
        .where("id", "=", id)
        .execute()
      expect(await soldOut()).toBe(false)
      expect(notices).toBe(2)
    } finally {
      await unlisten()
      await units({ edition_reserved: 0, edition_sold: 0, edition_offered: 0 })
    }
  })

  it("reads category prices and settings, stored values over defaults", async () => {
    const prices = await run(CatalogRepository.use((c) => c.categoryPrices()))
    expect(prices.get("anime")).toBe(29990)
    expect(prices.get("heroes")).toBe(49990)
    expect(await run(StoreSettings.use((s) => s.get()))).toEqual({
      ...DEFAULTS,
      conventions: DEFAULT_CONVENTIONS,
    })
    await handle.db
      .insertInto("store_settings")
      .values({ key: "support_email", value: JSON.stringify("sac@example.com") })
      .execute()
    expect((await run(StoreSettings.use((s) => s.get()))).supportEmail).toBe("sac@example.com")
  })

  it("stores a newsletter address once even under concurrent requests", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(Newsletter.use((n) => n.subscribe(i % 2 ? "fã@example.com" : "FÃ@example.com", "footer"))),
      ),
    )
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1)
    expect(outcomes.filter((o) => o === "pending")).toHaveLength(7)
  })

  it("returns the same catalogue on every database engine", async () => {
    const collections = await run(CatalogRepository.use((c) => c.listActiveCollections()))
    const shape = collections.map(({ id: _id, ...rest }) => rest)
    results.set(database.name, shape)
    const other = [...results.entries()].find(([name]) => name !== database.name)
    if (other) expect(shape).toEqual(other[1])
  })

  it("migrates down and up again", async () => {
    const url = database.name === "postgresql" ? await postgresServerUrl() : null
    const scratch = url ? await freshPostgres(url) : database
    const fresh = await migrated(scratch)
    try {
      await migrateDownAll(fresh.db)
      const tables = await sql<{
        n: number
      }>`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name <> 'kysely_migration' and table_name <> 'kysely_migration_lock'`.execute(
        fresh.db,
      )
      expect(tables.rows[0]?.n).toBe(0)
      await migrateToLatest(fresh.db)
    } finally {
      await fresh.close()
      if (scratch !== database) await scratch.dispose()
    }
  })
})
