import { Effect, Exit, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CatalogAdmin } from "../../application/ports/CatalogAdmin"
import { CatalogRepository } from "../../application/ports/CatalogRepository"
import type { CollectionInput, ProductInput } from "../../domain/catalogAdmin"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresCatalogLayer } from "./PostgresCatalog"
import { PostgresCatalogAdminLayer } from "./PostgresCatalogAdmin"

const databases = await testDatabases()

const collection = (name: string, over: Partial<CollectionInput> = {}): CollectionInput => ({
  name,
  theme: "anime",
  description: "Uma coleção de teste do painel.",
  tagline: "",
  price: 29990,
  startDate: { year: 2026, month: 1, day: 1 },
  endDate: { year: 2026, month: 12, day: 31 },
  isActive: true,
  isFeatured: false,
  imageUrl: null,
  ...over,
})

const product = (collectionId: string, name: string, month: number): ProductInput => ({
  collectionId,
  name,
  description: "",
  imageUrl: "/media/upload-x.jpeg",
  displayMonth: month,
  editionYear: 2026,
  rarity: "rare",
  universe: "",
  hints: ["uma dica"],
  stats: { strength: 1, speed: 2, intelligence: 3, durability: 4 },
  weightGrams: 800,
  collectorLimit: null,
  dimensions: { length: 30, width: 20, height: 15 },
  editionSize: null,
  teaserAt: Date.parse("2026-01-01T03:00:00Z"),
  previewAt: Date.parse("2026-01-08T03:00:00Z"),
  revealAt: Date.parse("2026-01-15T15:00:00Z"),
  scale: "1/6",
  details: "",
  isActive: true,
})

describe.each(databases)("catalogue administration on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<CatalogAdmin | CatalogRepository>
  const run = async <A, E>(effect: Effect.Effect<A, E, CatalogAdmin | CatalogRepository>) => {
    const exit = await Effect.runPromiseExit(Effect.provide(effect, layer))
    if (Exit.isFailure(exit)) throw new Error("failed")
    return exit.value
  }
  const admin = <A>(f: (port: CatalogAdmin["Service"]) => Effect.Effect<A>) => run(CatalogAdmin.use(f))

  beforeAll(async () => {
    handle = await migrated(database)
    layer = Layer.mergeAll(PostgresCatalogAdminLayer, PostgresCatalogLayer).pipe(
      Layer.provide(Db.fromHandle(handle)),
    )
  })
  afterAll(async () => {
    await database.dispose()
  })

  it("creates a collection with a free slug and drawn cover and mystery artwork", async () => {
    const first = await admin((p) => p.insertCollection(collection("Heróis do Sertão")))
    const second = await admin((p) => p.insertCollection(collection("Heróis do Sertão", { isActive: false })))
    expect([first.slug, second.slug]).toEqual(["herois-do-sertao", "herois-do-sertao-2"])
    expect(first).toMatchObject({ price: 29990, startDate: "2026-01-01", productCount: 0 })
    const keys = await handle.db
      .selectFrom("media_assets")
      .select("key")
      .where("key", "like", "%herois-do-sertao%")
      .execute()
    expect(keys.map((k) => k.key).sort()).toEqual([
      "cover-herois-do-sertao-2.svg",
      "cover-herois-do-sertao.svg",
      "mystery-herois-do-sertao-2.svg",
      "mystery-herois-do-sertao.svg",
    ])
  })

  it("lists a page searched by name, filtered and sorted by the database", async () => {
    await admin((p) => p.insertCollection(collection("Zumbis 100%", { isFeatured: true, price: 10 })))
    const search = await admin((p) =>
      p.listCollections({ search: "sertão", sort: "name", direction: "asc", page: 1, pageSize: 10 }),
    )
    expect(search.total).toBe(2)
    const percent = await admin((p) =>
      p.listCollections({ search: "100%", sort: "name", direction: "asc", page: 1, pageSize: 10 }),
    )
    expect(percent.rows.map((r) => r.name)).toEqual(["Zumbis 100%"])
    const inactive = await admin((p) =>
      p.listCollections({ active: false, sort: "name", direction: "asc", page: 1, pageSize: 10 }),
    )
    expect(inactive.rows.map((r) => r.slug)).toEqual(["herois-do-sertao-2"])
    const cheapest = await admin((p) =>
      p.listCollections({ sort: "price", direction: "asc", page: 1, pageSize: 1 }),
    )
    expect([cheapest.total, cheapest.rows[0]?.name]).toEqual([3, "Zumbis 100%"])
  })

  it("adds products last, refuses a second one for a month, edits and reorders them atomically", async () => {
    const c = await admin((p) => p.insertCollection(collection("Ordem Teste")))
    const a = await admin((p) => p.insertProduct(product(c.id, "Alfa", 1)))
    const b = await admin((p) => p.insertProduct(product(c.id, "Beta", 2)))
    expect(await admin((p) => p.insertProduct(product(c.id, "Gama", 2)))).toBe("month_taken")
    if (typeof a === "string" || typeof b === "string") throw new Error("not inserted")
    expect([a.displayOrder, b.displayOrder]).toEqual([1, 2])
    const edited = await admin((p) =>
      p.updateProduct(a.id, { ...product(c.id, "Alfa", 1), weightGrams: 1300, editionSize: 50 }),
    )
    expect(edited).toMatchObject({ weightGrams: 1300, editionSize: 50, hints: ["uma dica"] })
    expect(await admin((p) => p.updateProduct(a.id, product(c.id, "Alfa", 2)))).toBe("month_taken")
    const order = await admin((p) => p.reorderProducts(c.id, (ids) => [...ids].reverse()))
    expect(order).toEqual([b.id, a.id])
    expect((await admin((p) => p.listProducts(c.id))).map((x) => [x.name, x.displayOrder])).toEqual([
      ["Beta", 1],
      ["Alfa", 2],
    ])
    // The storefront's repository reads the edit (weight, position) from the same rows.
    const shown = await run(CatalogRepository.use((r) => r.listCharacters(c.id)))
    expect(shown.map((x) => x.name)).toEqual(["Beta", "Alfa"])
    const row = await handle.db
      .selectFrom("collection_products")
      .select(["weight_grams", "dimensions"])
      .where("id", "=", a.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ weight_grams: 1300, dimensions: { length: 30, width: 20, height: 15 } })
  })

  it("keeps a sold product and its collection, and removes an unsold collection with its products", async () => {
    const c = await admin((p) => p.insertCollection(collection("Vendida")))
    const sold = await admin((p) => p.insertProduct(product(c.id, "Vendido", 1)))
    if (typeof sold === "string") throw new Error("not inserted")
    await sql`update collection_products set edition_sold = 1 where id = ${sold.id}`.execute(handle.db)
    expect(await admin((p) => p.deleteProduct(sold.id))).toBe("has_sales")
    expect(await admin((p) => p.deleteCollection(c.id))).toBe("has_sales")

    const other = await admin((p) => p.insertCollection(collection("Descartável")))
    await admin((p) => p.insertProduct(product(other.id, "Some", 1)))
    expect(await admin((p) => p.deleteCollection(other.id))).toBe("deleted")
    expect(await admin((p) => p.listProducts(other.id))).toEqual([])
    expect(await admin((p) => p.findCollection(other.id))).toBeNull()
    expect(await admin((p) => p.deleteCollection(other.id))).toBe("not_found")
    expect(await admin((p) => p.findCollection("not-a-uuid"))).toBeNull()
  })
})
