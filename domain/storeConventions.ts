import { type CoinTerms, DEFAULT_COIN_TERMS } from "./community/coins"
import { DEFAULT_PURCHASE_WINDOW_HOURS, PURCHASE_WINDOW_BOUNDS_HOURS } from "./editions/waitlist"
import { MAX_INSTALLMENTS } from "./pricing/installments"
import {
  DEFAULT_PRICE_TERMS,
  MIN_INSTALLMENT_FLOOR_CENTS,
  PIX_DISCOUNT_MAX_BASIS_POINTS,
  type PriceTerms,
} from "./pricing/priceTerms"

/**
 * The store's collector conventions, edited on /admin/settings and read through StoreSettings: how
 * prices are offered (PIX discount, interest-free instalments), how long a waitlist offer is held, and what a
 * coin is worth at checkout.
 */
export interface StoreConventions {
  readonly priceTerms: PriceTerms
  readonly coinTerms: CoinTerms
  /** How long a freed unit is held for the collector it is offered to. */
  readonly purchaseWindowHours: number
}

export const DEFAULT_CONVENTIONS: StoreConventions = {
  priceTerms: DEFAULT_PRICE_TERMS,
  coinTerms: DEFAULT_COIN_TERMS,
  purchaseWindowHours: DEFAULT_PURCHASE_WINDOW_HOURS,
}

/** Bounds the settings screen and the stored value share: past them a setting is refused, never clamped. */
export const CONVENTION_BOUNDS = {
  pixDiscountBasisPoints: { min: 0, max: PIX_DISCOUNT_MAX_BASIS_POINTS },
  interestFreeInstallments: { min: 1, max: MAX_INSTALLMENTS },
  minInstallmentCents: { min: MIN_INSTALLMENT_FLOOR_CENTS, max: 100_000 },
  centsPerCoin: { min: 1, max: 100 },
  maxPercentOfOrder: { min: 0, max: 100 },
  purchaseWindowHours: PURCHASE_WINDOW_BOUNDS_HOURS,
} as const

export type ConventionField = keyof typeof CONVENTION_BOUNDS

const flatten = (c: StoreConventions): Record<ConventionField, number> => ({
  ...c.priceTerms,
  ...c.coinTerms,
  purchaseWindowHours: c.purchaseWindowHours,
})

const inBounds = (field: ConventionField, value: unknown): value is number =>
  typeof value === "number" &&
  Number.isSafeInteger(value) &&
  value >= CONVENTION_BOUNDS[field].min &&
  value <= CONVENTION_BOUNDS[field].max

/**
 * The conventions from what `store_settings` holds (any JSON): each field that is missing or out of bounds
 * takes its default, so a hand-edited row can never put a 90 % PIX discount on the storefront.
 */
export function conventionsFrom(stored: unknown): StoreConventions {
  const source = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {}
  const defaults = flatten(DEFAULT_CONVENTIONS)
  const pick = (field: ConventionField) => {
    const value = source[field]
    return inBounds(field, value) ? value : defaults[field]
  }
  return {
    priceTerms: {
      pixDiscountBasisPoints: pick("pixDiscountBasisPoints"),
      interestFreeInstallments: pick("interestFreeInstallments"),
      minInstallmentCents: pick("minInstallmentCents"),
    },
    coinTerms: { centsPerCoin: pick("centsPerCoin"), maxPercentOfOrder: pick("maxPercentOfOrder") },
    purchaseWindowHours: pick("purchaseWindowHours"),
  }
}

/** The stored form: one flat JSON object under the `conventions` key. */
export const conventionsToStored = (c: StoreConventions): Record<ConventionField, number> => flatten(c)

export const CONVENTIONS_SETTINGS_KEY = "conventions"

export const CONVENTION_MESSAGES: Readonly<Record<ConventionField, string>> = {
  pixDiscountBasisPoints: "Desconto no PIX: de 0% a 30%, com até duas casas decimais.",
  interestFreeInstallments: "Parcelas sem juros: um número de 1 a 12.",
  minInstallmentCents: "Parcela mínima: de R$ 5,00 a R$ 1.000,00.",
  centsPerCoin: "Valor de cada moeda: de R$ 0,01 a R$ 1,00.",
  maxPercentOfOrder: "Limite das moedas: um número inteiro de 0% a 100% dos itens.",
  purchaseWindowHours: "Prazo da reserva: um número inteiro de 1 a 168 horas.",
}

/** Every convention out of its bounds, by field (empty when all are good). */
export function conventionErrors(c: StoreConventions): Partial<Record<ConventionField, string>> {
  const values = flatten(c)
  const errors: Partial<Record<ConventionField, string>> = {}
  for (const field of Object.keys(CONVENTION_BOUNDS) as ConventionField[])
    if (!inBounds(field, values[field])) errors[field] = CONVENTION_MESSAGES[field]
  return errors
}

/** "5", "5,5" or "5.25" (percent, up to two decimals) as basis points; NaN for anything else. */
export function percentToBasisPoints(text: string): number {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""))
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
}

/** 550 → "5,5": how the settings screen shows a percentage kept in basis points. */
export const basisPointsToPercent = (bp: number): string =>
  (bp / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2, useGrouping: false })

/** The conventions as the audit log shows them: percentages as text, money under a `…Cents` name. */
export const conventionsForAudit = (c: StoreConventions) => ({
  pixDiscount: `${basisPointsToPercent(c.priceTerms.pixDiscountBasisPoints)}%`,
  interestFreeInstallments: c.priceTerms.interestFreeInstallments,
  minInstallmentCents: c.priceTerms.minInstallmentCents,
  coinValueCents: c.coinTerms.centsPerCoin,
  coinMaxPercent: `${c.coinTerms.maxPercentOfOrder}%`,
  purchaseWindowHours: c.purchaseWindowHours,
})
