import { type Cents, divideRoundHalfUp, formatBRL, multiply, percentOf } from "../money"
import { DEFAULT_PRICE } from "../pricing/collectionPrice"

/** The three prepaid periods; a plan's id is also the `period` of `/checkout?collection=&period=`. */
export type PeriodKey = "quarterly" | "semiannual" | "annual"
export const PERIOD_KEYS: readonly PeriodKey[] = ["quarterly", "semiannual", "annual"]

/** Each period's name in Portuguese, for screens that must name a plan whatever the administrator renamed it to. */
export const PERIOD_LABELS: Readonly<Record<PeriodKey, string>> = {
  quarterly: "Trimestral",
  semiannual: "Semestral",
  annual: "Anual",
}

export function isPeriodKey(x: unknown): x is PeriodKey {
  return typeof x === "string" && (PERIOD_KEYS as readonly string[]).includes(x)
}

/**
 * A prepaid plan as `prepaid_plans` stores it (spec 002 §3). `price` and `editionCount` are what the
 * administrator sets; `discountPerBox` and `savingsPercentage` are derived from them (planSavings), so the
 * discount a collection gets and the one the admin screen shows can never disagree.
 */
export interface PrepaidPlan {
  readonly id: PeriodKey
  readonly name: string
  readonly description: string
  /** The plan's total for the reference collection (R$ 299,90 a character). */
  readonly price: Cents
  /** Months covered, one character shipped a month. */
  readonly editionCount: number
  readonly isActive: boolean
  readonly isPopular: boolean
  readonly discountPerBox: Cents
  readonly savingsPercentage: number
  readonly features: readonly string[]
}

/** Savings of every plan are measured against the single price of the reference collection (spec 002 §5). */
export const REFERENCE_PRICE: Cents = DEFAULT_PRICE

export interface PlanSavings {
  /** R$ 299,90 × edition count. */
  readonly reference: Cents
  readonly savings: Cents
  /** Whole percent, as the admin screen and the plan cards show it. */
  readonly percent: number
  readonly perBox: Cents
}

/** What the plan saves against buying its editions singly at the reference price (live on the admin screen). */
export function planSavings(price: Cents, editionCount: number): PlanSavings {
  const reference = multiply(REFERENCE_PRICE, editionCount)
  const savings = reference - price
  return {
    reference,
    savings,
    percent: reference > 0 ? Math.round((savings * 100) / reference) : 0,
    perBox: editionCount > 0 ? divideRoundHalfUp(Math.max(0, savings), editionCount) : 0,
  }
}

function seed(
  id: PeriodKey,
  name: string,
  editionCount: number,
  discountPercent: number,
  isPopular: boolean,
  description: string,
  features: readonly string[],
): PrepaidPlan {
  const gross = multiply(REFERENCE_PRICE, editionCount)
  const price = gross - percentOf(gross, discountPercent)
  const { percent, perBox } = planSavings(price, editionCount)
  return {
    id,
    name,
    description,
    price,
    editionCount,
    isActive: true,
    isPopular,
    discountPerBox: perBox,
    savingsPercentage: percent,
    features,
  }
}

/**
 * The plans of spec 002 §9 (quarterly 3 months 10 % off and most popular, semiannual 6 months 15 %, annual
 * 12 months 20 %). The migration seeds `prepaid_plans` with these values; afterwards the rows are the truth.
 */
export const DEFAULT_PREPAID_PLANS: readonly PrepaidPlan[] = [
  seed("quarterly", "Trimestral", 3, 10, true, "Três meses de personagens com 10% de desconto.", [
    "1 personagem por mês durante 3 meses",
    "10% de desconto",
    "Frete grátis em todos os envios",
    "Pagamento único, sem renovação automática",
  ]),
  seed("semiannual", "Semestral", 6, 15, false, "Seis meses de personagens com 15% de desconto.", [
    "1 personagem por mês durante 6 meses",
    "15% de desconto",
    "Frete grátis em todos os envios",
    "Pagamento único, sem renovação automática",
  ]),
  seed("annual", "Anual", 12, 20, false, "Doze meses de personagens com 20% de desconto.", [
    "1 personagem por mês durante 12 meses",
    "20% de desconto",
    "Frete grátis em todos os envios",
    "Pagamento único, sem renovação automática",
  ]),
]

export interface PrepaidPlanQuote {
  readonly planId: PeriodKey
  readonly name: string
  readonly months: number
  readonly discountPercent: number
  readonly popular: boolean
  /** Per-character price × months. */
  readonly gross: Cents
  readonly discount: Cents
  readonly total: Cents
  readonly perMonth: Cents
  readonly savings: Cents
}

/**
 * A plan's price for a collection: its per-character price × months less the plan's discount. The discount is
 * the plan's own ratio (savings ÷ reference), exact: the reference collection pays exactly the plan's price and
 * a dearer collection the same proportion off (decision 5), never a rounded percentage.
 */
export function prepaidPlanQuote(plan: PrepaidPlan, unitPrice: Cents): PrepaidPlanQuote {
  const months = plan.editionCount
  const gross = multiply(unitPrice, months)
  const { reference, savings, percent } = planSavings(plan.price, months)
  const discount =
    reference > 0 && savings > 0 ? Math.min(gross, divideRoundHalfUp(gross * savings, reference)) : 0
  const total = gross - discount
  return {
    planId: plan.id,
    name: plan.name,
    months,
    discountPercent: percent,
    popular: plan.isPopular,
    gross,
    discount,
    total,
    perMonth: divideRoundHalfUp(total, months),
    savings: discount,
  }
}

/** "Trimestral (3 meses, 10% de desconto), Semestral (…) ou Anual (…)", for the FAQ and the terms. */
export function plansSummary(
  plans: readonly { readonly name: string; readonly months: number; readonly discountPercent: number }[],
): string {
  const parts = plans.map(
    (p) => `${p.name} (${p.months === 1 ? "1 mês" : `${p.months} meses`}, ${p.discountPercent}% de desconto)`,
  )
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} ou ${parts.at(-1)}` : (parts[0] ?? "")
}

/** The plans a customer may buy, in the order the spec lists them (by edition count). */
export const offeredPlans = (plans: readonly PrepaidPlan[]): PrepaidPlan[] =>
  plans.filter((p) => p.isActive).sort((a, b) => a.editionCount - b.editionCount || a.id.localeCompare(b.id))

export const PLAN_MESSAGES = {
  required: "Preencha todos os campos obrigatórios",
  editionCount: "O número de edições deve ser pelo menos 1",
  editionCountMax: "O número de edições deve ser no máximo 12",
  price: "Informe um preço válido maior que zero",
  priceAboveReference: (reference: Cents) =>
    `O preço do plano não pode ser maior que ${formatBRL(reference)} (R$ 299,90 por edição)`,
  notFound: "Plano não encontrado",
  unavailable: "Este plano não está disponível no momento. Escolha outro plano em /planos.",
  noCoupons: "Cupons não se aplicam a planos pré-pagos: o plano já tem o seu desconto.",
  updated: "Plano atualizado com sucesso!",
  updateFailed: "Erro ao atualizar plano",
  loadFailed: "Erro ao carregar planos",
} as const

/**
 * Under the admin's 'Preço (R$)': the price is the reference collection's, and every collection gets the same
 * proportion off (prepaidPlanQuote applies savings ÷ reference to its own price).
 */
export const PLAN_PRICE_HINT =
  "Preço para a coleção de referência (R$ 299,90 por personagem); as demais coleções recebem o mesmo desconto proporcional."

export const MAX_EDITION_COUNT = 12
const MAX_PRICE: Cents = 100_000_00
const MAX_FEATURES = 12

/** What the admin screen sends: text as typed, numbers possibly not numbers. */
export interface PlanEdit {
  readonly name: string
  readonly description: string
  /** Centavos. */
  readonly price: number | null
  readonly editionCount: number | null
  readonly isActive: boolean
  readonly isPopular: boolean
  readonly features: unknown
}

export type PlanEditResult =
  | {
      readonly ok: true
      readonly plan: Omit<PrepaidPlan, "id">
    }
  | { readonly ok: false; readonly message: string; readonly field: "required" | "editionCount" | "price" }

/**
 * Features may arrive as a list or as JSON text (spec 002 §3) or one per line from a text box; blanks and
 * duplicates are dropped.
 */
export function parseFeatures(raw: unknown): string[] {
  let list: unknown = raw
  if (typeof raw === "string") {
    const text = raw.trim()
    try {
      list = text.startsWith("[") ? JSON.parse(text) : text.split(/\r?\n/)
    } catch {
      list = text.split(/\r?\n/)
    }
  }
  if (!Array.isArray(list)) return []
  const seen = new Set<string>()
  for (const item of list) {
    const feature = typeof item === "string" ? item.trim().slice(0, 200) : ""
    if (feature) seen.add(feature)
  }
  return [...seen].slice(0, MAX_FEATURES)
}

/** The admin screen's rules (spec 002 §5), the same on the client and on the server. */
export function validatePlanEdit(edit: PlanEdit): PlanEditResult {
  const name = edit.name.trim()
  const description = edit.description.trim()
  if (!name || !description || edit.price === null || !Number.isFinite(edit.price))
    return { ok: false, message: PLAN_MESSAGES.required, field: "required" }
  const count = edit.editionCount ?? 1
  if (!Number.isInteger(count) || count < 1)
    return { ok: false, message: PLAN_MESSAGES.editionCount, field: "editionCount" }
  if (count > MAX_EDITION_COUNT)
    return { ok: false, message: PLAN_MESSAGES.editionCountMax, field: "editionCount" }
  if (!Number.isSafeInteger(edit.price) || edit.price <= 0 || edit.price > MAX_PRICE)
    return { ok: false, message: PLAN_MESSAGES.price, field: "price" }
  const { reference, percent, perBox } = planSavings(edit.price, count)
  if (edit.price > reference)
    return { ok: false, message: PLAN_MESSAGES.priceAboveReference(reference), field: "price" }
  return {
    ok: true,
    plan: {
      name: name.slice(0, 80),
      description: description.slice(0, 500),
      price: edit.price,
      editionCount: count,
      isActive: edit.isActive,
      isPopular: edit.isPopular,
      discountPerBox: perBox,
      savingsPercentage: percent,
      features: parseFeatures(edit.features),
    },
  }
}

/**
 * How a plan order "ships": it does not, its months do, free (subscribers' shipping), each within the general
 * transit promise. The checkout shows it as the one option; the order keeps it as its shipping choice.
 */
export const PLAN_SHIPPING = {
  id: "plan",
  // Read after "Frete (…)", "Prazo: … (…)" and before "· Frete grátis!": it names the way, not the price.
  name: "Envios mensais do plano",
  price: 0,
  days: 10,
  provider: "Legendarium",
} as const

/** What a plan order bought, frozen on the order (the plan's row may change later). */
export interface OrderPlan {
  readonly planId: PeriodKey
  readonly name: string
  readonly months: number
  readonly collectionId: string
  readonly collectionName: string
  readonly discountPercent: number
}

/** "Plano Trimestral — Coleção X, 3 meses", as order pages, e-mails and /payment-success say it. */
export function orderPlanLabel(plan: OrderPlan): string {
  const name = /^plano\b/i.test(plan.name) ? plan.name : `Plano ${plan.name}`
  const months = plan.months === 1 ? "1 mês" : `${plan.months} meses`
  const collection = /^cole[çc][ãa]o\b/i.test(plan.collectionName)
    ? plan.collectionName
    : `Coleção ${plan.collectionName}`
  return `${name} — ${collection}, ${months}`
}

/** What an order is, as the admin list says it: the plan it bought (its label), or its count of items. */
export const orderContents = (order: { readonly items: number; readonly plan: string | null }): string =>
  order.plan ?? `${order.items} ${order.items === 1 ? "item" : "itens"}`
