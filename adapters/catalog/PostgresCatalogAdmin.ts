import { createHash } from "node:crypto"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import {
  type AdminCollection,
  type AdminProduct,
  CatalogAdmin,
  type CollectionQuery,
} from "../../application/ports/CatalogAdmin"
import type { CivilDate } from "../../domain/calendar"
import { parseRarity } from "../../domain/catalog/rarity"
import type { CollectionInput, ProductInput } from "../../domain/catalogAdmin"
import { nextDisplayOrder, slugify } from "../../domain/catalogAdmin"
import { inLockOrder } from "../../domain/lockOrder"
import { monthlyRevealDate } from "../../domain/shipping/schedule"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { CollectionRow } from "../db/tables/collections"
import type { ProductRow } from "../db/tables/products"
import { inTransaction, withExecutor } from "../db/transaction"
import { renderArtworkSvg } from "../media/artwork"
import { mysteryImageUrl } from "./rows"

const iso = (d: CivilDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

const toAdminCollection = (row: CollectionRow & { product_count: number }): AdminCollection => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  theme: row.theme,
  description: row.description,
  tagline: row.tagline,
  price: row.price_cents,
  isActive: row.is_active,
  isFeatured: row.is_featured,
  startDate: row.start_date,
  endDate: row.end_date,
  imageUrl: row.image_url,
  productCount: row.product_count,
  createdAt: row.created_at.getTime(),
})

const stat = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : 0)

const toAdminProduct = (row: ProductRow): AdminProduct => ({
  id: row.id,
  collectionId: row.collection_id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  imageUrl: row.image_url,
  displayMonth: row.display_month,
  editionYear: row.edition_year,
  displayOrder: row.display_order,
  rarity: parseRarity(row.rarity),
  universe: row.universe,
  hints: Array.isArray(row.hints) ? row.hints.filter((h): h is string => typeof h === "string") : [],
  stats: {
    strength: stat(row.stats?.strength),
    speed: stat(row.stats?.speed),
    intelligence: stat(row.stats?.intelligence),
    durability: stat(row.stats?.durability),
  },
  weightGrams: row.weight_grams,
  dimensions: row.dimensions,
  editionSize: row.edition_size,
  // Units held for waitlist offers are taken too: the edition cannot shrink below them.
  editionTaken: row.edition_reserved + row.edition_sold + row.edition_offered,
  collectorLimit: row.collector_limit,
  teaserAt: row.teaser_at.getTime(),
  previewAt: row.preview_at.getTime(),
  revealAt: row.reveal_at.getTime(),
  scale: row.scale,
  details: row.details,
  isActive: row.is_active,
})

/** Artwork drawn for a collection created without an uploaded cover, and the mystery card its characters show. */
function drawnArtwork(slug: string, name: string, tagline: string) {
  const asset = (svg: string) => {
    const body = new TextEncoder().encode(svg)
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`
    return { content_type: "image/svg+xml", body, etag }
  }
  const palette: [string, string, string] = ["#12101c", "#f5b942", "#d8d4e8"]
  return {
    cover: asset(
      renderArtworkSvg({
        title: name,
        subtitle: tagline,
        palette,
        motif: "star",
        seed: slug,
        variant: "cover",
      }),
    ),
    mystery: asset(
      renderArtworkSvg({ title: name, palette, motif: "star", seed: `${slug}-mystery`, variant: "mystery" }),
    ),
  }
}

/** `base`, or `base-2`, `base-3`, … when taken (by a collection, or by a product of the same collection). */
async function freeSlug(taken: readonly string[], base: string): Promise<string> {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === "object" &&
  error !== null &&
  (error as { code?: string }).code === "23505" &&
  String(
    (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
  ).includes(constraint)

function collectionColumns(input: CollectionInput) {
  return {
    name: input.name,
    theme: input.theme,
    description: input.description,
    tagline: input.tagline,
    price_cents: input.price,
    is_active: input.isActive,
    is_featured: input.isFeatured,
    start_date: iso(input.startDate),
    end_date: iso(input.endDate),
    reveal_date: iso(monthlyRevealDate(input.startDate)),
    edition_year: input.startDate.year,
    edition_month: input.startDate.month,
  }
}

function productColumns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    image_url: input.imageUrl,
    display_month: input.displayMonth,
    edition_year: input.editionYear,
    rarity: input.rarity,
    universe: input.universe,
    hints: JSON.stringify(input.hints),
    stats: JSON.stringify(input.stats),
    weight_grams: input.weightGrams,
    dimensions: JSON.stringify(input.dimensions),
    edition_size: input.editionSize,
    collector_limit: input.collectorLimit,
    teaser_at: new Date(input.teaserAt),
    preview_at: new Date(input.previewAt),
    reveal_at: new Date(input.revealAt),
    scale: input.scale,
    details: input.details,
    is_active: input.isActive,
  }
}

function selectCollections(db: Kysely<Database>) {
  return db
    .selectFrom("legendarium_collections as c")
    .selectAll("c")
    .select((eb) =>
      eb
        .selectFrom("collection_products as p")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("p.collection_id", "=", "c.id")
        .as("product_count"),
    )
}

async function findCollection(db: Kysely<Database>, id: string) {
  const row = await selectCollections(db).where("c.id", "=", id).executeTakeFirst()
  return row ? toAdminCollection({ ...row, product_count: row.product_count ?? 0 }) : null
}

async function findProduct(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("collection_products").selectAll().where("id", "=", id).executeTakeFirst()
  return row ? toAdminProduct(row) : null
}

/** A savepoint around a write whose unique constraint may refuse it, so the outer transaction survives. */
async function guarded<A>(trx: Kysely<Database>, constraint: string, write: () => Promise<A>) {
  await sql`savepoint catalog_admin_write`.execute(trx)
  try {
    const result = await write()
    await sql`release savepoint catalog_admin_write`.execute(trx)
    return result
  } catch (error) {
    await sql`rollback to savepoint catalog_admin_write`.execute(trx)
    if (isUniqueViolation(error, constraint)) return "month_taken" as const
    throw error
  }
}

const uuidLike = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

export const PostgresCatalogAdminLayer = Layer.effect(
  CatalogAdmin,
  Effect.gen(function* () {
    const { db } = yield* Db
    return CatalogAdmin.of({
      listCollections: (query: CollectionQuery) =>
        withExecutor(db, async (executor) => {
          let base = selectCollections(executor)
          const search = query.search?.trim()
          if (search) base = base.where("c.name", "ilike", likePattern(search))
          if (query.active !== undefined) base = base.where("c.is_active", "=", query.active)
          if (query.featured !== undefined) base = base.where("c.is_featured", "=", query.featured)
          const column = { created_at: "c.created_at", name: "c.name", price: "c.price_cents" } as const
          const rows = await base
            .orderBy(column[query.sort], (ob) =>
              query.direction === "asc" ? ob.asc().nullsFirst() : ob.desc().nullsLast(),
            )
            .orderBy("c.id")
            .limit(query.pageSize)
            .offset((query.page - 1) * query.pageSize)
            .execute()
          let count = executor
            .selectFrom("legendarium_collections as c")
            .select(sql<number>`count(*)::int`.as("n"))
          if (search) count = count.where("c.name", "ilike", likePattern(search))
          if (query.active !== undefined) count = count.where("c.is_active", "=", query.active)
          if (query.featured !== undefined) count = count.where("c.is_featured", "=", query.featured)
          const total = (await count.executeTakeFirstOrThrow()).n
          return {
            rows: rows.map((row) => toAdminCollection({ ...row, product_count: row.product_count ?? 0 })),
            total,
          }
        }),
      findCollection: (id) =>
        withExecutor(db, (executor) => (uuidLike(id) ? findCollection(executor, id) : Promise.resolve(null))),
      insertCollection: (input) =>
        inTransaction(db, async (trx) => {
          const base = slugify(input.name)
          const taken = await trx
            .selectFrom("legendarium_collections")
            .select("slug")
            .where("slug", "like", `${base}%`)
            .execute()
          const slug = await freeSlug(
            taken.map((r) => r.slug),
            base,
          )
          const art = drawnArtwork(slug, input.name, input.tagline)
          const mysteryKey = mysteryImageUrl(slug).replace("/media/", "")
          const coverKey = `cover-${slug}.svg`
          await trx
            .insertInto("media_assets")
            .values([
              { key: mysteryKey, ...art.mystery },
              ...(input.imageUrl ? [] : [{ key: coverKey, ...art.cover }]),
            ])
            .onConflict((oc) => oc.column("key").doNothing())
            .execute()
          const order = await trx
            .selectFrom("legendarium_collections")
            .select(sql<number>`coalesce(max(display_order), 0)::int`.as("n"))
            .executeTakeFirstOrThrow()
          const { id } = await trx
            .insertInto("legendarium_collections")
            .values({
              ...collectionColumns(input),
              slug,
              image_url: input.imageUrl ?? `/media/${coverKey}`,
              teaser_image_url: mysteryImageUrl(slug),
              preview_image_url: null,
              final_price_cents: null,
              price_per_box_cents: null,
              display_order: order.n + 1,
              metadata: JSON.stringify({}),
            })
            .returning("id")
            .executeTakeFirstOrThrow()
          return (await findCollection(trx, id)) as AdminCollection
        }),
      updateCollection: (id, input) =>
        withExecutor(db, async (executor) => {
          const updated = await executor
            .updateTable("legendarium_collections")
            .set({
              ...collectionColumns(input),
              ...(input.imageUrl ? { image_url: input.imageUrl } : {}),
              updated_at: sql`now()`,
            })
            .where("id", "=", id)
            .executeTakeFirst()
          return updated.numUpdatedRows > 0n ? findCollection(executor, id) : null
        }),
      setCollectionFlags: (id, flags) =>
        withExecutor(db, async (executor) => {
          const updated = await executor
            .updateTable("legendarium_collections")
            .set({
              ...(flags.isActive !== undefined ? { is_active: flags.isActive } : {}),
              ...(flags.isFeatured !== undefined ? { is_featured: flags.isFeatured } : {}),
              ...(flags.price !== undefined ? { price_cents: flags.price } : {}),
              updated_at: sql`now()`,
            })
            .where("id", "=", id)
            .executeTakeFirst()
          return updated.numUpdatedRows > 0n ? findCollection(executor, id) : null
        }),
      deleteCollection: (id) =>
        inTransaction(db, async (trx) => {
          if (!uuidLike(id)) return "not_found" as const
          // Locks the row so an order placed meanwhile waits for the verdict.
          const row = await trx
            .selectFrom("legendarium_collections")
            .select("id")
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst()
          if (!row) return "not_found" as const
          const used = await sql<{ used: boolean }>`select
              exists (select 1 from order_lines where collection_id = ${id})
              or exists (select 1 from order_lines l join collection_products p on p.id = l.product_id
                         where p.collection_id = ${id})
              or exists (select 1 from collection_products
                         where collection_id = ${id} and edition_reserved + edition_sold > 0)
              or exists (select 1 from subscriptions where collection_id = ${id})
              or exists (select 1 from plan_months where collection_id = ${id}) as used`.execute(trx)
          if (used.rows[0]?.used) return "has_sales" as const
          await trx.deleteFrom("legendarium_collections").where("id", "=", id).execute()
          return "deleted" as const
        }),
      listProducts: (collectionId) =>
        withExecutor(db, async (executor) =>
          uuidLike(collectionId)
            ? (
                await executor
                  .selectFrom("collection_products")
                  .selectAll()
                  .where("collection_id", "=", collectionId)
                  .orderBy("display_order")
                  .orderBy("created_at")
                  .orderBy("id")
                  .execute()
              ).map(toAdminProduct)
            : [],
        ),
      findProduct: (id) =>
        withExecutor(db, (executor) => (uuidLike(id) ? findProduct(executor, id) : Promise.resolve(null))),
      insertProduct: (input) =>
        inTransaction(db, async (trx) => {
          if (!uuidLike(input.collectionId)) return "not_found" as const
          const collection = await trx
            .selectFrom("legendarium_collections")
            .select("id")
            .where("id", "=", input.collectionId)
            .forUpdate()
            .executeTakeFirst()
          if (!collection) return "not_found" as const
          const siblings = await trx
            .selectFrom("collection_products")
            .select(["slug", "display_order"])
            .where("collection_id", "=", input.collectionId)
            .execute()
          const slug = await freeSlug(
            siblings.map((s) => s.slug),
            slugify(input.name),
          )
          const inserted = await guarded(trx, "collection_products_edition_uq", () =>
            trx
              .insertInto("collection_products")
              .values({
                ...productColumns(input),
                collection_id: input.collectionId,
                slug,
                price_cents: null,
                display_order: nextDisplayOrder(siblings.map((s) => s.display_order)),
                abilities: JSON.stringify([]),
                metadata: JSON.stringify({}),
              })
              .returning("id")
              .executeTakeFirstOrThrow(),
          )
          if (inserted === "month_taken") return inserted
          return (await findProduct(trx, inserted.id)) as AdminProduct
        }),
      updateProduct: (id, input) =>
        inTransaction(db, async (trx) => {
          if (!uuidLike(id)) return "not_found" as const
          const updated = await guarded(trx, "collection_products_edition_uq", () =>
            trx
              .updateTable("collection_products")
              .set({ ...productColumns(input), updated_at: sql`now()` })
              .where("id", "=", id)
              .executeTakeFirst(),
          )
          if (updated === "month_taken") return updated
          return updated.numUpdatedRows > 0n ? ((await findProduct(trx, id)) as AdminProduct) : "not_found"
        }),
      deleteProduct: (id) =>
        inTransaction(db, async (trx) => {
          if (!uuidLike(id)) return "not_found" as const
          const row = await trx
            .selectFrom("collection_products")
            .select(["id", "edition_reserved", "edition_sold"])
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst()
          if (!row) return "not_found" as const
          const sold = await sql<{ used: boolean }>`select
              exists (select 1 from order_lines where product_id = ${id})
              or exists (select 1 from certificates where product_id = ${id})
              or exists (select 1 from plan_months where held_product_id = ${id}) as used`.execute(trx)
          if (sold.rows[0]?.used || row.edition_reserved + row.edition_sold > 0) return "has_sales" as const
          await trx.deleteFrom("collection_products").where("id", "=", id).execute()
          return "deleted" as const
        }),
      reorderProducts: (collectionId, reorder) =>
        inTransaction(db, async (trx) => {
          if (!uuidLike(collectionId)) return null
          // Serialises moves within one collection: the second reads the order the first wrote.
          await sql`select pg_advisory_xact_lock(hashtext(${`catalog-order:${collectionId}`}))`.execute(trx)
          const current = await trx
            .selectFrom("collection_products")
            .select("id")
            .where("collection_id", "=", collectionId)
            .orderBy("display_order")
            .orderBy("created_at")
            .orderBy("id")
            .execute()
          const ids = reorder(current.map((r) => r.id))
          if (!ids) return null
          // Written in lock order: checkouts lock these rows too.
          const positions = inLockOrder(ids.entries(), ([, id]) => id)
          for (const [index, id] of positions)
            await trx
              .updateTable("collection_products")
              .set({ display_order: index + 1 })
              .where("id", "=", id)
              .where("collection_id", "=", collectionId)
              .execute()
          return ids
        }),
    })
  }),
)
