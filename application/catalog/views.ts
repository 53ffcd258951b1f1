/** Ids are UUIDs and slugs are short: anything longer than this names nothing in the catalogue. */
export const MAX_ID_LENGTH = 120

import type { Character, Collection } from "../../domain/catalog/catalog"
import { collectionStatusBadge } from "../../domain/catalog/reveal"
import { collectionCounters, priceOf } from "../../domain/catalog/showcase"
import type { Cents } from "../../domain/money"
import {
  displayPrice,
  type StorefrontPrice,
  type StorefrontPricing,
} from "../../domain/pricing/cardInstallments"
import { CATEGORY_PRICES, normalizeTheme, type ThemeKey } from "../../domain/pricing/collectionPrice"

export interface CollectionSummary {
  readonly id: string
  readonly slug: string
  readonly name: string
  readonly theme: string
  /** The theme recognised by the pricing rules (null when unknown), so the browser need not parse it. */
  readonly themeKey: ThemeKey | null
  readonly themeLabel: string
  readonly description: string
  readonly tagline: string
  readonly imageUrl: string
  readonly isFeatured: boolean
  readonly statusBadge: string
  readonly price: Cents
  /** The price's lines (card, instalments, PIX) as the storefront shows them. */
  readonly prices: StorefrontPrice
  readonly counters: ReturnType<typeof collectionCounters>
}

export function summarizeCollection(
  collection: Collection,
  characters: readonly Character[],
  now: number,
  categoryPrices: ReadonlyMap<string, Cents>,
  pricing?: StorefrontPricing,
): CollectionSummary {
  const themeKey = normalizeTheme(collection.theme)
  const price = priceOf(collection, categoryPrices)
  return {
    id: collection.id,
    slug: collection.slug,
    name: collection.name,
    theme: collection.theme,
    themeKey,
    themeLabel: themeKey ? CATEGORY_PRICES[themeKey].label : collection.theme,
    description: collection.description,
    tagline: collection.tagline,
    imageUrl: collection.imageUrl,
    isFeatured: collection.isFeatured,
    statusBadge: collectionStatusBadge(collection.isActive),
    price,
    prices: displayPrice(price, pricing),
    counters: collectionCounters(characters, now),
  }
}
