import type { SelectQueryBuilder } from "kysely"
import type { Character, Collection } from "../../domain/catalog/catalog"
import type { RevealFacts } from "../../domain/catalog/characterDisclosure"
import { parseRarity } from "../../domain/catalog/rarity"
import { DEFAULT_PARCEL, type Parcel } from "../../domain/shipping/parcel"
import type { Database } from "../db/schema"
import type { CollectionRow } from "../db/tables/collections"
import type { ProductRow } from "../db/tables/products"

const stat = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.min(100, Math.round(v))) : 0
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []

const DEFAULT_DIMENSIONS = {
  length: DEFAULT_PARCEL.lengthCm,
  width: DEFAULT_PARCEL.widthCm,
  height: DEFAULT_PARCEL.heightCm,
}

export const mysteryImageUrl = (collectionSlug: string) => `/media/mystery-${collectionSlug}.svg`

/**
 * What a read of a recorded piece (an order's line, a certificate) joins from its product, aliased `p`, and the
 * product's collection, aliased `c` (left joins: a product may have left the catalogue), for the reveal rule.
 */
export const REVEAL_COLUMNS = [
  "p.reveal_at as reveal_at",
  "p.edition_year as reveal_year",
  "p.display_month as reveal_month",
  "c.slug as reveal_collection_slug",
] as const

export interface RevealRow {
  readonly reveal_at: Date | string | null
  readonly reveal_year: number | null
  readonly reveal_month: number | null
  readonly reveal_collection_slug: string | null
}

/**
 * Adds a recorded piece's reveal columns to a read: joins its product (by `productRef`, e.g. "l.product_id") as
 * `p` and the product's collection as `c`. Typed loosely inside (Kysely cannot type a join on any table's
 * column); the answer's rows gain exactly `RevealRow`.
 */
export const withRevealOf = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  productRef: `${string}.product_id`,
) =>
  (query as unknown as SelectQueryBuilder<Database, "collection_products", O>)
    .leftJoin("collection_products as p", "p.id", productRef as "collection_products.id")
    .leftJoin("legendarium_collections as c", "c.id", "p.collection_id")
    .select(REVEAL_COLUMNS) as unknown as SelectQueryBuilder<DB, TB, O & RevealRow>

export function revealFactsFromRow(row: RevealRow): RevealFacts | null {
  if (row.reveal_at === null || row.reveal_year === null || row.reveal_month === null) return null
  return {
    revealAt: new Date(row.reveal_at).getTime(),
    edition: { year: row.reveal_year, month: row.reveal_month },
    mysteryImageUrl: mysteryImageUrl(row.reveal_collection_slug ?? ""),
  }
}

export function toCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    theme: row.theme,
    description: row.description,
    tagline: row.tagline,
    price: row.price_cents,
    finalPrice: row.final_price_cents,
    pricePerBox: row.price_per_box_cents,
    isActive: row.is_active,
    isFeatured: row.is_featured,
    edition: { year: row.edition_year, month: row.edition_month },
    imageUrl: row.image_url,
    displayOrder: row.display_order,
  }
}

export function toCharacter(row: ProductRow, collectionSlug: string): Character {
  const stats = row.stats ?? {}
  return {
    id: row.id,
    collectionId: row.collection_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    mysteryImageUrl: mysteryImageUrl(collectionSlug),
    edition: { year: row.edition_year, month: row.display_month },
    displayOrder: row.display_order,
    rarity: parseRarity(row.rarity),
    universe: row.universe,
    stats: {
      strength: stat(stats.strength),
      speed: stat(stats.speed),
      intelligence: stat(stats.intelligence),
      durability: stat(stats.durability),
    },
    abilities: strings(row.abilities),
    hints: strings(row.hints).slice(0, 5),
    teaserAt: row.teaser_at.getTime(),
    previewAt: row.preview_at.getTime(),
    revealAt: row.reveal_at.getTime(),
    price: row.price_cents,
    scale: row.scale,
    details: row.details,
    parcel: toParcel(row),
    soldOut:
      row.edition_size !== null &&
      row.edition_reserved + row.edition_sold + row.edition_offered >= row.edition_size,
  }
}

/** The stored box (grams, centimetres), or the default figure box where a measure is missing or not positive. */
function toParcel(row: ProductRow): Parcel {
  const d = row.dimensions ?? DEFAULT_DIMENSIONS
  const cm = (v: unknown, fallback: number) => (typeof v === "number" && v > 0 ? v : fallback)
  return {
    lengthCm: cm(d.length, DEFAULT_PARCEL.lengthCm),
    widthCm: cm(d.width, DEFAULT_PARCEL.widthCm),
    heightCm: cm(d.height, DEFAULT_PARCEL.heightCm),
    weightKg: row.weight_grams > 0 ? row.weight_grams / 1000 : DEFAULT_PARCEL.weightKg,
  }
}
