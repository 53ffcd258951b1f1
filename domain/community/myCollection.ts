import type { Rarity } from "../catalog/rarity"
import type { Cents } from "../cents"
import { byRarityDesc, fold } from "./fold"

/** A character the collector holds, as "Minha Coleção" lists it (one row per unit). */
export interface OwnedCharacter {
  readonly pieceId: string
  readonly productId: string
  readonly name: string
  readonly imageUrl: string
  readonly rarity: Rarity | null
  readonly collectionId: string
  readonly collectionName: string
  readonly priceCents: Cents
  readonly acquiredAt: number
}

export const COLLECTION_SORTS = ["recent", "name", "rarity", "price"] as const
export type CollectionSort = (typeof COLLECTION_SORTS)[number]
export const COLLECTION_SORT_LABELS: Readonly<Record<CollectionSort, string>> = {
  recent: "Mais recentes",
  name: "Nome",
  rarity: "Raridade",
  price: "Preço",
}

export interface CharacterFilters {
  readonly collectionId: string
  readonly rarity: string
  readonly search: string
  readonly sort: CollectionSort
}

/** Spec 001 My collection: filter by collection, rarity and search; sort by recent, name, rarity or price. */
export function filterOwned(list: readonly OwnedCharacter[], f: CharacterFilters): readonly OwnedCharacter[] {
  const needle = fold(f.search.trim())
  const kept = list.filter(
    (c) =>
      (!f.collectionId || c.collectionId === f.collectionId) &&
      (!f.rarity || c.rarity === f.rarity) &&
      (!needle || fold(c.name).includes(needle) || fold(c.collectionName).includes(needle)),
  )
  const byName = (a: OwnedCharacter, b: OwnedCharacter) => a.name.localeCompare(b.name, "pt-BR")
  const compare: Record<CollectionSort, (a: OwnedCharacter, b: OwnedCharacter) => number> = {
    recent: (a, b) => b.acquiredAt - a.acquiredAt || byName(a, b),
    name: byName,
    rarity: (a, b) => byRarityDesc(a.rarity, b.rarity) || byName(a, b),
    price: (a, b) => b.priceCents - a.priceCents || byName(a, b),
  }
  return [...kept].sort(compare[f.sort])
}

export interface MonthBucket {
  /** "YYYY-MM" (São Paulo). */
  readonly month: string
  readonly pieces: number
  readonly spentCents: Cents
}

/**
 * Spend and pieces per month, from the first month with a piece to `untilMonth`, months without a piece
 * included (a chart with gaps closed would read as steady buying). At most the last `limit` months.
 */
export function monthlyActivity(
  pieces: readonly { readonly month: string; readonly priceCents: Cents }[],
  untilMonth: string,
  limit = 12,
): readonly MonthBucket[] {
  if (pieces.length === 0) return []
  const totals = new Map<string, { pieces: number; spentCents: number }>()
  for (const p of pieces) {
    const t = totals.get(p.month) ?? { pieces: 0, spentCents: 0 }
    totals.set(p.month, { pieces: t.pieces + 1, spentCents: t.spentCents + p.priceCents })
  }
  const first = [...totals.keys()].sort()[0] as string
  const buckets: MonthBucket[] = []
  let [year, month] = first.split("-").map(Number) as [number, number]
  const last = untilMonth > first ? untilMonth : first
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`
    if (key > last) break
    const t = totals.get(key)
    buckets.push({ month: key, pieces: t?.pieces ?? 0, spentCents: t?.spentCents ?? 0 })
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
  return buckets.slice(-limit)
}

const MONTHS_PT = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"]

/** "2026-11" → "nov/26". */
export const monthLabel = (month: string): string => {
  const [year, m] = month.split("-")
  return `${MONTHS_PT[Number(m) - 1] ?? m}/${(year ?? "").slice(2)}`
}

/** Spec 001: the missing-characters list shows 6, then '+N mais'. */
export const MISSING_SHOWN = 6
export function missingPreview<T>(missing: readonly T[]): { shown: readonly T[]; more: string | null } {
  const shown = missing.slice(0, MISSING_SHOWN)
  const rest = missing.length - shown.length
  return { shown, more: rest > 0 ? `+${rest} mais` : null }
}
