import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import type { ProductDraft } from "../../domain/catalogAdmin"
import { CATALOG_ADMIN_MESSAGES as M } from "../../domain/catalogAdmin"
import { collectionDraft, productDraft } from "../../tests/fakes/catalogAdminFixtures"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { catalogAdminWorld } from "../../tests/fakes/inMemoryCatalogAdmin"
import { ana } from "../../tests/fakes/ordersWorld"
import { createCollection } from "./createCollection"
import { createProduct } from "./createProduct"
import { deleteCollection } from "./deleteCollection"
import { deleteProduct } from "./deleteProduct"
import { listAdminCollections } from "./listAdminCollections"
import { moveProduct } from "./moveProduct"
import { setCollectionFlags, updateCollection } from "./updateCollection"
import { updateProduct } from "./updateProduct"

const collection = collectionDraft()
const product = (collectionId: string, over: Partial<ProductDraft> = {}) =>
  productDraft(collectionId, {
    description: "",
    imageUrl: "/media/upload-1.jpeg",
    teaserAt: 1,
    previewAt: 2,
    revealAt: 3,
    scale: "",
    ...over,
  })

async function setUp() {
  const w = catalogAdminWorld()
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>, viewer = admin) => {
    const exit = await w.run(w.as(effect, viewer))
    if (Exit.isSuccess(exit)) return exit.value
    throw new Error(Cause.pretty(exit.cause))
  }
  const fails = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: typeof admin | null = admin) =>
    ok(Effect.flip(effect), viewer as typeof admin)
  const created = await ok(createCollection(collection))
  return { ...w, ok, fails, created }
}

describe("catalogue administration use cases", () => {
  it("creates a collection, logs it and drops the storefront caches in the same unit of work", async () => {
    const w = await setUp()
    expect(w.created).toMatchObject({ name: "Lendas do Anime", price: 29990, isActive: false })
    expect(w.announced()).toBe(1)
    expect(w.audit.changes()).toEqual([
      expect.objectContaining({
        subjectType: "collection",
        subjectId: w.created.id,
        action: "create",
        actor: { kind: "admin", id: admin.id, email: admin.email },
      }),
    ])
  })

  it("refuses a customer and a visitor everywhere, changing nothing", async () => {
    const w = await setUp()
    for (const viewer of [ana, null]) {
      const tag = viewer ? "Forbidden" : "NotSignedIn"
      expect(await w.fails(createCollection(collection), viewer as typeof admin)).toMatchObject({ _tag: tag })
      expect(
        await w.fails(
          listAdminCollections({ sort: "name", direction: "asc", page: 1, pageSize: 10 }),
          viewer as typeof admin,
        ),
      ).toMatchObject({ _tag: tag })
      expect(
        await w.fails(setCollectionFlags(w.created.id, { isActive: true }), viewer as typeof admin),
      ).toMatchObject({ _tag: tag })
      expect(await w.fails(deleteCollection(w.created.id), viewer as typeof admin)).toMatchObject({
        _tag: tag,
      })
      expect(await w.fails(createProduct(product(w.created.id)), viewer as typeof admin)).toMatchObject({
        _tag: tag,
      })
    }
    expect(w.catalog.collections()).toHaveLength(1)
    expect(w.catalog.products()).toHaveLength(0)
    expect(w.audit.changes()).toHaveLength(1)
  })

  it("lets a moderator manage collections (spec 000 §6)", async () => {
    const w = await setUp()
    const page = await w.ok(
      listAdminCollections({ sort: "name", direction: "asc", page: 1, pageSize: 10 }),
      moderator,
    )
    expect(page.total).toBe(1)
  })

  it("validates with the form's rules and writes nothing when they refuse", async () => {
    const w = await setUp()
    expect(await w.fails(createCollection({ ...collection, description: "curta" }))).toMatchObject({
      _tag: "InvalidInput",
      message: M.description,
    })
    expect(await w.fails(createProduct(product(w.created.id, { imageUrl: "" })))).toMatchObject({
      message: M.image,
    })
    expect(await w.fails(createProduct(product("")))).toMatchObject({ message: M.selectCollection })
    expect(w.announced()).toBe(1)
  })

  it("sets the price, activates and features, logging before and after", async () => {
    const w = await setUp()
    await w.ok(setCollectionFlags(w.created.id, { price: 34990 }))
    await w.ok(setCollectionFlags(w.created.id, { isActive: true, isFeatured: true }))
    const [, price, flags] = w.audit.changes()
    expect(price).toMatchObject({ action: "set_price", changes: { price: { from: 29990, to: 34990 } } })
    expect(flags?.changes).toEqual({
      isActive: { from: false, to: true },
      isFeatured: { from: false, to: true },
    })
    expect(w.announced()).toBe(3)
    expect(await w.fails(updateCollection("nope", collection))).toMatchObject({ _tag: "CollectionNotFound" })
  })

  it("places new products last and moves them up and down, rewriting the whole order", async () => {
    const w = await setUp()
    const ids: string[] = []
    for (const month of [1, 2, 3]) {
      const p = await w.ok(createProduct(product(w.created.id, { name: `P${month}`, displayMonth: month })))
      ids.push(p.id)
    }
    const moved = await w.ok(moveProduct(ids[2] as string, "up"))
    expect(moved.map((p) => [p.name, p.displayOrder])).toEqual([
      ["P1", 1],
      ["P3", 2],
      ["P2", 3],
    ])
    expect(await w.fails(moveProduct(ids[0] as string, "up"))).toMatchObject({ message: M.cannotMove })
    expect(w.audit.changes().at(-1)).toMatchObject({
      action: "move_up",
      changes: { displayOrder: { from: 3, to: 2 } },
    })
  })

  it("refuses a second product for the same month; an edit is logged field by field", async () => {
    const w = await setUp()
    const first = await w.ok(createProduct(product(w.created.id)))
    expect(await w.fails(createProduct(product(w.created.id, { name: "Outro" })))).toMatchObject({
      _tag: "CatalogChangeRefused",
      message: M.monthTaken,
    })
    const updated = await w.ok(updateProduct(first.id, product(w.created.id, { weightGrams: 1500 })))
    expect(updated.weightGrams).toBe(1500)
    expect(w.audit.changes().at(-1)).toMatchObject({
      action: "update",
      changes: { weightGrams: { from: 900, to: 1500 } },
    })
  })

  it("sets a numbered edition's per-collector limit, logged like any field, and refuses one out of range", async () => {
    const w = await setUp()
    const numbered = { editionSize: 100, collectorLimit: 1 }
    const created = await w.ok(createProduct(product(w.created.id, numbered)))
    expect(created.collectorLimit).toBe(1)
    const updated = await w.ok(
      updateProduct(created.id, product(w.created.id, { ...numbered, collectorLimit: null })),
    )
    expect(updated.collectorLimit).toBeNull()
    expect(w.audit.changes().at(-1)).toMatchObject({ changes: { collectorLimit: { from: 1, to: null } } })
    const logged = w.audit.changes().length
    expect(
      await w.fails(updateProduct(created.id, product(w.created.id, { ...numbered, collectorLimit: 11 }))),
    ).toMatchObject({ message: expect.stringContaining("Limite por colecionador deve ser de 1 a 10") })
    expect(w.audit.changes()).toHaveLength(logged)
  })

  it("keeps a sold product and its collection (orders point at them), and removes an unsold one", async () => {
    const w = await setUp()
    const soldOne = await w.ok(createProduct(product(w.created.id)))
    const unsold = await w.ok(createProduct(product(w.created.id, { name: "Outro", displayMonth: 2 })))
    w.catalog.sold.add(soldOne.id)
    expect(await w.fails(deleteProduct(soldOne.id))).toMatchObject({ message: M.productSold })
    expect(await w.fails(deleteCollection(w.created.id))).toMatchObject({ message: M.collectionSold })
    await w.ok(deleteProduct(unsold.id))
    expect(w.catalog.products().map((p) => p.name)).toEqual(["Guerreiro"])
    expect(w.audit.changes().at(-1)).toMatchObject({
      action: "delete",
      subjectType: "product",
      subjectId: unsold.id,
    })
  })

  it("removes a collection with its products", async () => {
    const w = await setUp()
    await w.ok(createProduct(product(w.created.id)))
    await w.ok(deleteCollection(w.created.id))
    expect(w.catalog.collections()).toHaveLength(0)
    expect(w.catalog.products()).toHaveLength(0)
    expect(w.audit.changes().at(-1)).toMatchObject({ action: "delete", subjectType: "collection" })
  })
})
