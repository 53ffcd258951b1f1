import { formatTimeBR, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import { RARITY_ORDER, type Rarity } from "../catalog/rarity"
import { MAX_HINTS } from "../catalog/reveal"
import { collectorLimitError } from "../editions/editionLimit"
import { isMediaUrl } from "./collection"
import { CATALOG_ADMIN_MESSAGES as M } from "./messages"
import { type Checked, fieldErrors, isIntIn } from "./validation"

export interface ProductStatsInput {
  readonly strength: number
  readonly speed: number
  readonly intelligence: number
  readonly durability: number
}
export const STAT_KEYS = ["strength", "speed", "intelligence", "durability"] as const

export interface Dimensions {
  readonly length: number
  readonly width: number
  readonly height: number
}

/** What the product form sends, create and edit alike; instants in epoch ms. */
export interface ProductDraft {
  readonly collectionId: string
  readonly name: string
  readonly description: string
  readonly imageUrl: string
  readonly displayMonth: number
  readonly editionYear: number
  readonly rarity: string
  readonly universe: string
  readonly hints: readonly string[]
  readonly stats: ProductStatsInput
  readonly weightGrams: number
  readonly dimensions: Dimensions
  /** Numbered units; null: made to order, unlimited. */
  readonly editionSize: number | null
  /** Units one collector may hold; null: no limit. Only numbered editions take one. */
  readonly collectorLimit: number | null
  readonly teaserAt: number
  readonly previewAt: number
  readonly revealAt: number
  readonly scale: string
  readonly details: string
  readonly isActive: boolean
}

export interface ProductInput extends Omit<ProductDraft, "rarity" | "hints"> {
  readonly rarity: Rarity
  readonly hints: readonly string[]
}

export type ProductField =
  | "collectionId"
  | "name"
  | "description"
  | "imageUrl"
  | "displayMonth"
  | "editionYear"
  | "rarity"
  | "hints"
  | "stats"
  | "weightGrams"
  | "dimensions"
  | "editionSize"
  | "collectorLimit"
  | "teaserAt"
  | "previewAt"
  | "revealAt"

export const MAX_WEIGHT_GRAMS = 30_000
export const MAX_DIMENSION_CM = 200

const isInstant = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0

/**
 * Spec 002 §5 (a collection chosen, name and image required) and 001 §5 (at most 5 hints), with the limits the
 * database enforces (display month 1–12, ordered phases, positive weight) said in pt-BR before it refuses.
 */
export function validateProduct(draft: ProductDraft): Checked<ProductInput, ProductField> {
  const errors = fieldErrors<ProductField>()
  if (!draft.collectionId.trim()) errors.add("collectionId", M.selectCollection)
  const name = draft.name.trim()
  if (!name || name.length > 120) errors.add("name", M.characterName)
  if (!draft.imageUrl || !isMediaUrl(draft.imageUrl)) errors.add("imageUrl", M.image)
  if (!isIntIn(draft.displayMonth, 1, 12)) errors.add("displayMonth", M.displayMonth)
  if (!isIntIn(draft.editionYear, 2000, 2100)) errors.add("editionYear", M.editionYear)
  const rarity = RARITY_ORDER.find((r) => r === draft.rarity)
  if (!rarity) errors.add("rarity", "Raridade inválida")
  const hints = draft.hints.map((h) => h.trim()).filter((h) => h.length > 0)
  if (hints.length > MAX_HINTS || hints.some((h) => h.length > 200)) errors.add("hints", M.hints)
  if (!STAT_KEYS.every((k) => isIntIn(draft.stats[k], 0, 100))) errors.add("stats", M.stat)
  if (!isIntIn(draft.weightGrams, 1, MAX_WEIGHT_GRAMS)) errors.add("weightGrams", M.weight)
  const { length, width, height } = draft.dimensions
  if (![length, width, height].every((d) => isIntIn(d, 1, MAX_DIMENSION_CM)))
    errors.add("dimensions", M.dimensions)
  if (draft.editionSize !== null && !isIntIn(draft.editionSize, 1, 1_000_000))
    errors.add("editionSize", M.editionSize)
  const limitError = collectorLimitError(draft.collectorLimit, draft.editionSize)
  if (limitError) errors.add("collectorLimit", limitError)
  const phases = [draft.teaserAt, draft.previewAt, draft.revealAt]
  if (!isInstant(draft.teaserAt)) errors.add("teaserAt", M.phaseDate)
  if (!isInstant(draft.previewAt)) errors.add("previewAt", M.phaseDate)
  if (!isInstant(draft.revealAt)) errors.add("revealAt", M.phaseDate)
  else if (
    phases.every(isInstant) &&
    !(draft.teaserAt <= draft.previewAt && draft.previewAt <= draft.revealAt)
  )
    errors.add("revealAt", M.phases)
  return errors.done(() => ({
    ...draft,
    collectionId: draft.collectionId.trim(),
    name,
    description: draft.description.trim().slice(0, 2000),
    rarity: rarity as Rarity,
    universe: draft.universe.trim().slice(0, 120),
    hints,
    scale: draft.scale.trim().slice(0, 40),
    details: draft.details.trim().slice(0, 2000),
  }))
}

/** A numbered edition cannot shrink below the units already sold or held in carts at checkout. */
export const editionSizeFits = (size: number | null, taken: number) => size === null || size >= taken

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** `datetime-local` text as São Paulo wall time → epoch ms; NaN when it is not a valid date and time. */
export function parseSaoPauloDateTime(text: string): number {
  const m = LOCAL.exec(text.trim())
  if (!m) return Number.NaN
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  try {
    return saoPauloInstant({ year, month, day }, hour, minute)
  } catch {
    return Number.NaN
  }
}

/** Epoch ms → `datetime-local` text in São Paulo wall time. */
export function formatSaoPauloDateTime(epochMs: number): string {
  const { year, month, day } = toSaoPauloCivil(epochMs)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${year}-${pad(month)}-${pad(day)}T${formatTimeBR(epochMs)}`
}
