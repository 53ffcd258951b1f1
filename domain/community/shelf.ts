import type { Rarity } from "../catalog/rarity"
import type { Cents } from "../cents"
import { byRarityDesc, fold } from "./fold"

/** Spec 001 §3 Shelf item: the condition of a piece the collector adds by hand. */
export const SHELF_CONDITIONS = ["perfeito", "bom", "regular", "danificado"] as const
export type ShelfCondition = (typeof SHELF_CONDITIONS)[number]
export const SHELF_CONDITION_LABELS: Readonly<Record<ShelfCondition, string>> = {
  perfeito: "Perfeito",
  bom: "Bom",
  regular: "Regular",
  danificado: "Danificado",
}

export const COMPANY_STATUSES = ["ativa", "pausada", "fechada"] as const
export type CompanyStatus = (typeof COMPANY_STATUSES)[number]
export const COMPANY_STATUS_LABELS: Readonly<Record<CompanyStatus, string>> = {
  ativa: "Ativa",
  pausada: "Pausada",
  fechada: "Fechada",
}

/** Spec 001 §4: the condition of a piece bought in the store. */
export const PIECE_CONDITIONS = ["mint", "near_mint", "good", "fair", "poor"] as const
export type PieceCondition = (typeof PIECE_CONDITIONS)[number]
export const PIECE_CONDITION_LABELS: Readonly<Record<PieceCondition, string>> = {
  mint: "Lacrado (mint)",
  near_mint: "Quase perfeito",
  good: "Bom",
  fair: "Regular",
  poor: "Danificado",
}

export const SHELF_RARITIES: readonly Rarity[] = ["common", "rare", "epic", "legendary", "mythic"]

export const SHELF_LIMITS = {
  name: 100,
  company: 80,
  collection: 80,
  category: 40,
  description: 1000,
  notes: 200,
  /** R$ 1.000.000,00: a figure beyond that is a typing slip, not a collectible. */
  valueCents: 100_000_000,
} as const

export const SHELF_MESSAGES = {
  nameRequired: "Informe o nome do item",
  nameTooLong: `O nome deve ter no máximo ${SHELF_LIMITS.name} caracteres`,
  companyRequired: "Informe a empresa",
  companyTooLong: `A empresa deve ter no máximo ${SHELF_LIMITS.company} caracteres`,
  collectionTooLong: `A coleção deve ter no máximo ${SHELF_LIMITS.collection} caracteres`,
  categoryRequired: "Informe a categoria",
  categoryTooLong: `A categoria deve ter no máximo ${SHELF_LIMITS.category} caracteres`,
  descriptionTooLong: `A descrição deve ter no máximo ${SHELF_LIMITS.description} caracteres`,
  condition: "Escolha o estado de conservação",
  rarity: "Escolha a raridade",
  companyStatus: "Escolha a situação da empresa",
  value: "Informe um valor estimado válido",
  acquiredOn: "Informe uma data de aquisição válida, que não esteja no futuro",
  // Spec 001 §5: 'Notes must be less than 200 characters'.
  notes: "As notas devem ter menos de 200 caracteres",
  notFound: "Item não encontrado",
} as const

/** What the 'Adicionar Item' and 'Editar' forms send. */
export interface ShelfItemInput {
  readonly name: string
  readonly company: string
  readonly collection: string
  readonly category: string
  readonly description: string
  readonly condition: string
  readonly rarity: string
  readonly companyStatus: string
  readonly estimatedValueCents: number
  /** "YYYY-MM-DD" or "" when unknown. */
  readonly acquiredOn: string
  readonly notes: string
}

export interface ShelfItemFields {
  readonly name: string
  readonly company: string
  readonly collection: string
  readonly category: string
  readonly description: string
  readonly condition: ShelfCondition
  readonly rarity: Rarity
  readonly companyStatus: CompanyStatus
  readonly estimatedValueCents: Cents
  readonly acquiredOn: string | null
  readonly notes: string
}

export type ShelfItemErrors = Partial<Record<keyof ShelfItemInput, string>>

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const isCivilDate = (text: string): boolean => {
  const m = ISO_DATE.exec(text)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

const oneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value)

/**
 * The shelf form's rules, run by the form as the collector types and again by the server: the same pt-BR text
 * in both places. `today` is São Paulo's "YYYY-MM-DD" (a date in the future is a slip).
 */
export function validateShelfItem(
  input: ShelfItemInput,
  today: string,
): { ok: true; value: ShelfItemFields } | { ok: false; errors: ShelfItemErrors } {
  const errors: ShelfItemErrors = {}
  const name = input.name.trim()
  const company = input.company.trim()
  const collection = input.collection.trim()
  const category = input.category.trim()
  const description = input.description.trim()
  const notes = input.notes.trim()
  const acquiredOn = input.acquiredOn.trim()
  if (!name) errors.name = SHELF_MESSAGES.nameRequired
  else if (name.length > SHELF_LIMITS.name) errors.name = SHELF_MESSAGES.nameTooLong
  if (!company) errors.company = SHELF_MESSAGES.companyRequired
  else if (company.length > SHELF_LIMITS.company) errors.company = SHELF_MESSAGES.companyTooLong
  if (collection.length > SHELF_LIMITS.collection) errors.collection = SHELF_MESSAGES.collectionTooLong
  if (!category) errors.category = SHELF_MESSAGES.categoryRequired
  else if (category.length > SHELF_LIMITS.category) errors.category = SHELF_MESSAGES.categoryTooLong
  if (description.length > SHELF_LIMITS.description) errors.description = SHELF_MESSAGES.descriptionTooLong
  if (notes.length >= SHELF_LIMITS.notes) errors.notes = SHELF_MESSAGES.notes
  if (!oneOf(SHELF_CONDITIONS, input.condition)) errors.condition = SHELF_MESSAGES.condition
  if (!oneOf(SHELF_RARITIES, input.rarity)) errors.rarity = SHELF_MESSAGES.rarity
  if (!oneOf(COMPANY_STATUSES, input.companyStatus)) errors.companyStatus = SHELF_MESSAGES.companyStatus
  if (
    !Number.isSafeInteger(input.estimatedValueCents) ||
    input.estimatedValueCents < 0 ||
    input.estimatedValueCents > SHELF_LIMITS.valueCents
  )
    errors.estimatedValueCents = SHELF_MESSAGES.value
  if (acquiredOn && (!isCivilDate(acquiredOn) || acquiredOn > today))
    errors.acquiredOn = SHELF_MESSAGES.acquiredOn
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    value: {
      name,
      company,
      collection,
      category,
      description,
      condition: input.condition as ShelfCondition,
      rarity: input.rarity as Rarity,
      companyStatus: input.companyStatus as CompanyStatus,
      estimatedValueCents: input.estimatedValueCents,
      acquiredOn: acquiredOn || null,
      notes,
    },
  }
}

/** Spec 001 §5 for a store piece's notes (same limit as a hand item's). */
export const validatePieceNotes = (notes: string): string | null =>
  notes.trim().length >= SHELF_LIMITS.notes ? SHELF_MESSAGES.notes : null

/** One piece on the virtual shelf: bought in the store ("piece") or added by hand ("item"). */
/** A store piece's origin as the shelf tells it; a hand-added item is the collector's own word. */
export const PIECE_ORIGIN_LABELS = {
  purchase: "Comprado na Legendarium",
  subscription: "Recebido na assinatura",
  trade: "Recebido em troca",
  gift: "Presente",
} as const
export const ITEM_ORIGIN_LABEL = "Adicionado pelo colecionador"

export interface ShelfEntry {
  readonly kind: "piece" | "item"
  readonly id: string
  readonly name: string
  readonly company: string
  readonly collection: string
  readonly category: string
  readonly description: string
  /** Null for a store piece whose character is not revealed yet. */
  readonly rarity: Rarity | null
  /** A hand item's ShelfCondition or a store piece's PieceCondition. */
  readonly condition: string
  readonly conditionLabel: string
  readonly companyStatus: CompanyStatus
  /** A hand item's estimated value; a store piece's price paid (the store's price for one received in a trade). */
  readonly valueCents: Cents
  /** Where it came from, as the item's detail says it. */
  readonly origin: string
  readonly imageUrl: string | null
  /** "YYYY-MM-DD" (São Paulo) or null. */
  readonly acquiredOn: string | null
  readonly notes: string
  readonly isForTrade: boolean
  /** The catalogue character of a store piece (its page). */
  readonly productId: string | null
}

export interface ShelfStats {
  readonly total: number
  readonly closedCompanies: number
  readonly epicOrLegendary: number
  readonly valueCents: Cents
}

/** Spec 001 Virtual shelf stats: closed companies are counted once each, whatever the spelling's case. */
export function shelfStats(entries: readonly ShelfEntry[]): ShelfStats {
  const closed = new Set(
    entries.filter((e) => e.companyStatus === "fechada").map((e) => fold(e.company.trim())),
  )
  return {
    total: entries.length,
    closedCompanies: closed.size,
    epicOrLegendary: entries.filter(
      (e) => e.rarity === "epic" || e.rarity === "legendary" || e.rarity === "mythic",
    ).length,
    valueCents: entries.reduce((sum, e) => sum + e.valueCents, 0),
  }
}

export interface ShelfFilters {
  readonly search: string
  readonly category: string
  readonly company: string
  readonly rarity: string
}

export const NO_SHELF_FILTERS: ShelfFilters = { search: "", category: "", company: "", rarity: "" }

export const hasShelfFilters = (f: ShelfFilters): boolean =>
  Boolean(f.search.trim() || f.category || f.company || f.rarity)

/** Search reads name, company, collection and description without case or accents; the selects match exactly. */
export function filterShelf(entries: readonly ShelfEntry[], f: ShelfFilters): readonly ShelfEntry[] {
  const needle = fold(f.search.trim())
  return entries.filter(
    (e) =>
      (!f.category || e.category === f.category) &&
      (!f.company || e.company === f.company) &&
      (!f.rarity || e.rarity === f.rarity) &&
      (!needle ||
        [e.name, e.company, e.collection, e.description].some((text) => fold(text).includes(needle))),
  )
}

/** The choices of the category and company selects: what the shelf holds, sorted pt-BR. */
export function shelfFilterOptions(entries: readonly ShelfEntry[]) {
  const sorted = (values: Iterable<string>) =>
    [...new Set(values)].sort((a, b) => a.localeCompare(b, "pt-BR"))
  return {
    categories: sorted(entries.map((e) => e.category).filter(Boolean)),
    companies: sorted(entries.map((e) => e.company).filter(Boolean)),
  }
}

/** Spec 001 Virtual shelf empty texts, verbatim. */
export function shelfEmptyText(f: ShelfFilters, isOwner: boolean): { title: string; hint: string } {
  if (hasShelfFilters(f))
    return { title: "Nenhum item encontrado", hint: "Tente ajustar os filtros de busca" }
  return {
    title: "Nenhum item encontrado",
    hint: isOwner
      ? "Comece adicionando seus primeiros itens à estante!"
      : "Este usuário ainda não adicionou itens à estante.",
  }
}

/** Rarest first, then newest, so the shelf opens on its showpieces. */
export const compareShelfEntries = (a: ShelfEntry, b: ShelfEntry): number =>
  byRarityDesc(a.rarity, b.rarity) || (b.acquiredOn ?? "").localeCompare(a.acquiredOn ?? "")
