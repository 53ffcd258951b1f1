import { Context, type Effect } from "effect"
import type { Rarity } from "../../domain/catalog/rarity"
import type { CollectionInput, Dimensions, ProductInput, ProductStatsInput } from "../../domain/catalogAdmin"
import type { Cents } from "../../domain/money"

/** A collection as the admin table and form show it, active or not. */
export interface AdminCollection {
  readonly id: string
  readonly slug: string
  readonly name: string
  readonly theme: string
  readonly description: string
  readonly tagline: string
  /** Centavos; null: the theme's category price applies. */
  readonly price: Cents | null
  readonly isActive: boolean
  readonly isFeatured: boolean
  /** `YYYY-MM-DD`. */
  readonly startDate: string
  readonly endDate: string
  readonly imageUrl: string
  readonly productCount: number
  readonly createdAt: number
}

/** A product (character) of a collection as the admin form edits it. */
export interface AdminProduct {
  readonly id: string
  readonly collectionId: string
  readonly slug: string
  readonly name: string
  readonly description: string
  readonly imageUrl: string
  readonly displayMonth: number
  readonly editionYear: number
  readonly displayOrder: number
  readonly rarity: Rarity
  readonly universe: string
  readonly hints: readonly string[]
  readonly stats: ProductStatsInput
  readonly weightGrams: number
  readonly dimensions: Dimensions
  readonly editionSize: number | null
  /** Units sold or held at checkout: a numbered edition cannot shrink below it. */
  readonly editionTaken: number
  /** Units one collector may hold; null: no limit. */
  readonly collectorLimit: number | null
  readonly teaserAt: number
  readonly previewAt: number
  readonly revealAt: number
  readonly scale: string
  readonly details: string
  readonly isActive: boolean
}

export const COLLECTION_SORTS = ["created_at", "name", "price"] as const
export type CollectionSort = (typeof COLLECTION_SORTS)[number]

export interface CollectionQuery {
  readonly search?: string | undefined
  readonly active?: boolean | undefined
  readonly featured?: boolean | undefined
  readonly sort: CollectionSort
  readonly direction: "asc" | "desc"
  readonly page: number
  readonly pageSize: number
}

export interface CollectionFlags {
  readonly isActive?: boolean
  readonly isFeatured?: boolean
  readonly price?: Cents
}

/** Why a row could not be written or removed; the use case says it in pt-BR. */
export type WriteRefusal = "not_found" | "month_taken" | "has_sales"

/**
 * The write side of the catalogue for the admin area (spec 002 §7: legendarium_collections and
 * collection_products). Join `UnitOfWork.atomically` so the change, its audit entry and the caches' notice
 * commit together. Expected refusals are values, infrastructure failures defects.
 */
export class CatalogAdmin extends Context.Service<
  CatalogAdmin,
  {
    listCollections(
      query: CollectionQuery,
    ): Effect.Effect<{ rows: readonly AdminCollection[]; total: number }>
    findCollection(id: string): Effect.Effect<AdminCollection | null>
    /** A new collection; without an uploaded cover one is drawn, with the mystery artwork its characters use. */
    insertCollection(input: CollectionInput): Effect.Effect<AdminCollection>
    updateCollection(id: string, input: CollectionInput): Effect.Effect<AdminCollection | null>
    setCollectionFlags(id: string, flags: CollectionFlags): Effect.Effect<AdminCollection | null>
    /** Removes it with its products, unless one of them was ordered or it has subscriptions. */
    deleteCollection(id: string): Effect.Effect<"deleted" | WriteRefusal>
    /** In display order. */
    listProducts(collectionId: string): Effect.Effect<readonly AdminProduct[]>
    findProduct(id: string): Effect.Effect<AdminProduct | null>
    insertProduct(input: ProductInput): Effect.Effect<AdminProduct | WriteRefusal>
    updateProduct(id: string, input: ProductInput): Effect.Effect<AdminProduct | WriteRefusal>
    deleteProduct(id: string): Effect.Effect<"deleted" | WriteRefusal>
    /**
     * Applies `reorder` to the collection's product ids in display order and stores positions 1..n from its
     * answer, under a lock so concurrent moves apply one after the other; null (nothing written) when it says so.
     */
    reorderProducts(
      collectionId: string,
      reorder: (ids: readonly string[]) => readonly string[] | null,
    ): Effect.Effect<readonly string[] | null>
  }
>()("store/application/CatalogAdmin") {}
