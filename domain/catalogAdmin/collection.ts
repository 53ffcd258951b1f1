import { type CivilDate, epochDay, isValidCivil } from "../calendar"
import type { Cents } from "../money"
import { THEME_KEYS, type ThemeKey } from "../pricing/collectionPrice"
import { CATALOG_ADMIN_MESSAGES as M } from "./messages"
import { type Checked, fieldErrors, isIntIn } from "./validation"

/** Spec 002 §3: R$ 299,90 unless the administrator sets another price. */
export const DEFAULT_COLLECTION_PRICE: Cents = 29990
/** R$ 100.000,00: beyond any figure this store sells; a typo guard. */
export const MAX_COLLECTION_PRICE: Cents = 10_000_000

/** What the collection form sends, create and edit alike. Dates are `YYYY-MM-DD`, price in centavos. */
export interface CollectionDraft {
  readonly name: string
  readonly theme: string
  readonly description: string
  readonly tagline: string
  readonly price: number | null
  readonly startDate: string
  readonly endDate: string
  readonly isActive: boolean
  readonly isFeatured: boolean
  /** An uploaded cover (`/media/…`); null keeps the current one, or draws one for a new collection. */
  readonly imageUrl: string | null
}

export interface CollectionInput {
  readonly name: string
  readonly theme: ThemeKey
  readonly description: string
  readonly tagline: string
  readonly price: Cents
  readonly startDate: CivilDate
  readonly endDate: CivilDate
  readonly isActive: boolean
  readonly isFeatured: boolean
  readonly imageUrl: string | null
}

export type CollectionField =
  | "name"
  | "theme"
  | "description"
  | "price"
  | "startDate"
  | "endDate"
  | "imageUrl"

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
export function parseCivilDate(text: string): CivilDate | null {
  const match = DAY.exec(text.trim())
  if (!match) return null
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  return isValidCivil(date) ? date : null
}

/** Only our own media route may be an image: a typed URL could point anywhere. */
export const isMediaUrl = (url: string) => /^\/media\/[a-z0-9][a-z0-9_-]{0,200}\.(svg|jpeg)$/.test(url)

export const isPriceValid = (price: unknown): price is Cents => isIntIn(price, 0, MAX_COLLECTION_PRICE)

/** Spec 001 §5 collection rules (name, theme, description ≥ 10, end after start) and a non-negative price. */
export function validateCollection(draft: CollectionDraft): Checked<CollectionInput, CollectionField> {
  const errors = fieldErrors<CollectionField>()
  const name = draft.name.trim()
  const description = draft.description.trim()
  if (!name || name.length > 120) errors.add("name", M.collectionName)
  const theme = THEME_KEYS.find((key) => key === draft.theme)
  if (!theme) errors.add("theme", M.theme)
  if (description.length < 10) errors.add("description", M.description)
  if (!isPriceValid(draft.price)) errors.add("price", M.price)
  const start = parseCivilDate(draft.startDate)
  const end = parseCivilDate(draft.endDate)
  if (!start) errors.add("startDate", M.startDate)
  if (!end) errors.add("endDate", M.endDateMissing)
  else if (start && epochDay(end) <= epochDay(start)) errors.add("endDate", M.endDate)
  if (draft.imageUrl !== null && !isMediaUrl(draft.imageUrl)) errors.add("imageUrl", M.image)
  return errors.done(() => ({
    name,
    theme: theme as ThemeKey,
    description: description.slice(0, 2000),
    tagline: draft.tagline.trim().slice(0, 200),
    price: draft.price as Cents,
    startDate: start as CivilDate,
    endDate: end as CivilDate,
    isActive: draft.isActive,
    isFeatured: draft.isFeatured,
    imageUrl: draft.imageUrl,
  }))
}

/** A URL-safe name for a new collection or character; the adapter adds a suffix when it is taken. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "")
  return slug || "item"
}
