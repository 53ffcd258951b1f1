import { Effect, Layer } from "effect"
import {
  type AdminCollection,
  type AdminProduct,
  CatalogAdmin,
  type CollectionQuery,
} from "../../application/ports/CatalogAdmin"
import { CatalogChanges } from "../../application/ports/CatalogChanges"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import type { CivilDate } from "../../domain/calendar"
import { nextDisplayOrder, slugify } from "../../domain/catalogAdmin"
import { inMemoryAdminAudit } from "./inMemoryAdminAudit"
import { inMemoryEvents, type Transactional } from "./inMemoryEvents"
import { sequentialIds } from "./inMemoryOrders"

const iso = (d: CivilDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

/**
 * The admin catalogue in memory with the Postgres adapter's promises: one product per collection and month,
 * sold products (and collections with sold products) cannot be removed, reorders rewrite positions 1..n.
 * `sold` marks a product id as ordered.
 */
export function inMemoryCatalogAdmin() {
  let collections = new Map<string, AdminCollection>()
  let products = new Map<string, AdminProduct>()
  const sold = new Set<string>()
  let next = 0
  const newId = () => `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}`
  const participant: Transactional = {
    snapshot: () => {
      const [c, p] = [new Map(collections), new Map(products)]
      return () => {
        collections = c
        products = p
      }
    },
  }
  const withCount = (c: AdminCollection): AdminCollection => ({
    ...c,
    productCount: [...products.values()].filter((p) => p.collectionId === c.id).length,
  })
  const ordered = (collectionId: string) =>
    [...products.values()]
      .filter((p) => p.collectionId === collectionId)
      .sort((a, b) => a.displayOrder - b.displayOrder)
  const monthTaken = (
    p: { collectionId: string; editionYear: number; displayMonth: number },
    except?: string,
  ) =>
    ordered(p.collectionId).some(
      (o) => o.id !== except && o.editionYear === p.editionYear && o.displayMonth === p.displayMonth,
    )

  const port = CatalogAdmin.of({
    listCollections: (q: CollectionQuery) =>
      Effect.sync(() => {
        const rows = [...collections.values()]
          .filter((c) => !q.search || c.name.toLowerCase().includes(q.search.toLowerCase()))
          .filter((c) => q.active === undefined || c.isActive === q.active)
          .filter((c) => q.featured === undefined || c.isFeatured === q.featured)
          .map(withCount)
        return { rows: rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: rows.length }
      }),
    findCollection: (id) =>
      Effect.sync(() => (collections.has(id) ? withCount(collections.get(id) as AdminCollection) : null)),
    insertCollection: (input) =>
      Effect.sync(() => {
        const id = newId()
        const slug = slugify(input.name)
        const created: AdminCollection = {
          id,
          slug,
          name: input.name,
          theme: input.theme,
          description: input.description,
          tagline: input.tagline,
          price: input.price,
          isActive: input.isActive,
          isFeatured: input.isFeatured,
          startDate: iso(input.startDate),
          endDate: iso(input.endDate),
          imageUrl: input.imageUrl ?? `/media/cover-${slug}.svg`,
          productCount: 0,
          createdAt: 0,
        }
        collections.set(id, created)
        return created
      }),
    updateCollection: (id, input) =>
      Effect.sync(() => {
        const before = collections.get(id)
        if (!before) return null
        const { startDate, endDate, imageUrl, ...rest } = input
        const after = {
          ...before,
          ...rest,
          startDate: iso(startDate),
          endDate: iso(endDate),
          imageUrl: imageUrl ?? before.imageUrl,
        }
        collections.set(id, after)
        return withCount(after)
      }),
    setCollectionFlags: (id, flags) =>
      Effect.sync(() => {
        const before = collections.get(id)
        if (!before) return null
        collections.set(id, { ...before, ...flags })
        return withCount(collections.get(id) as AdminCollection)
      }),
    deleteCollection: (id) =>
      Effect.sync(() => {
        if (!collections.has(id)) return "not_found" as const
        if (ordered(id).some((p) => sold.has(p.id))) return "has_sales" as const
        for (const p of ordered(id)) products.delete(p.id)
        collections.delete(id)
        return "deleted" as const
      }),
    listProducts: (collectionId) => Effect.sync(() => ordered(collectionId)),
    findProduct: (id) => Effect.sync(() => products.get(id) ?? null),
    insertProduct: (input) =>
      Effect.sync(() => {
        if (!collections.has(input.collectionId)) return "not_found" as const
        if (monthTaken(input)) return "month_taken" as const
        const id = newId()
        const created: AdminProduct = {
          ...input,
          id,
          slug: slugify(input.name),
          displayOrder: nextDisplayOrder(ordered(input.collectionId).map((p) => p.displayOrder)),
          editionTaken: 0,
        }
        products.set(id, created)
        return created
      }),
    updateProduct: (id, input) =>
      Effect.sync(() => {
        const before = products.get(id)
        if (!before) return "not_found" as const
        if (monthTaken(input, id)) return "month_taken" as const
        const after = { ...before, ...input }
        products.set(id, after)
        return after
      }),
    deleteProduct: (id) =>
      Effect.sync(() => {
        if (!products.has(id)) return "not_found" as const
        if (sold.has(id)) return "has_sales" as const
        products.delete(id)
        return "deleted" as const
      }),
    reorderProducts: (collectionId, reorder) =>
      Effect.sync(() => {
        const ids = reorder(ordered(collectionId).map((p) => p.id))
        if (!ids) return null
        ids.forEach((id, index) => {
          const p = products.get(id)
          if (p) products.set(id, { ...p, displayOrder: index + 1 })
        })
        return ids
      }),
  })
  return {
    participant,
    port,
    sold,
    products: () => [...products.values()],
    collections: () => [...collections.values()],
  }
}

/** The catalogue administration's world: the fake above, the change log, a unit of work and the cache notices. */
export function catalogAdminWorld() {
  const catalog = inMemoryCatalogAdmin()
  const audit = inMemoryAdminAudit()
  const events = inMemoryEvents([catalog.participant, audit.participant])
  let announced = 0
  const layer = Layer.mergeAll(
    Layer.succeed(CatalogAdmin, catalog.port),
    audit.layer,
    events.layer,
    sequentialIds(),
    Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(Date.parse("2026-11-20T12:00:00Z")) })),
    Layer.succeed(CatalogChanges, CatalogChanges.of({ announce: () => Effect.sync(() => void announced++) })),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromiseExit(effect)
  const as = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null) =>
    effect.pipe(
      Effect.provideService(CurrentUser, CurrentUser.of({ viewer })),
      Effect.provide(layer),
    ) as Effect.Effect<A, E, never>
  return { catalog, audit, announced: () => announced, run, as }
}
