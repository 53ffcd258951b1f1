import type { Cents } from "../money"
import type { InstallmentOption } from "./installments"
import type { PricedUnits } from "./pixPrice"
import {
  DEFAULT_PRICE_TERMS,
  interestFreeInstallments,
  type PriceDisplay,
  type PriceTerms,
  priceDisplay,
} from "./priceTerms"

/**
 * How many instalments a gateway's table pays the interest of: the most instalments at rate 0 (1 when the
 * table is empty, as a card always pays at once).
 */
export function gatewayFreeUpTo(options: readonly InstallmentOption[]): number {
  return Math.max(1, ...options.filter((o) => o.rate === 0).map((o) => o.installments))
}

/**
 * The card step's choices for an amount on the store's terms: the gateway's table, less the interest-free
 * options the store does not offer for this amount (more than its setting, or instalments under its minimum),
 * so the selector offers exactly the "em até Nx sem juros" every price shows. Options with interest stay.
 */
export function offeredInstallments(
  options: readonly InstallmentOption[],
  amount: Cents,
  terms: PriceTerms,
): InstallmentOption[] {
  const freeUpTo = interestFreeInstallments(amount, terms, gatewayFreeUpTo(options))
  return options.filter((o) => o.rate > 0 || o.installments <= freeUpTo)
}

/**
 * What the storefront prices with: the store's terms and the gateway's interest-free limit (a cached global
 * limit, null when the gateway has not told it yet).
 */
export interface StorefrontPricing {
  readonly terms: PriceTerms
  readonly gatewayFreeUpTo: number | null
}

/** Before the store's settings are read (tests of the showcase alone): the conventions' defaults. */
export const DEFAULT_PRICING: StorefrontPricing = { terms: DEFAULT_PRICE_TERMS, gatewayFreeUpTo: null }

/** A storefront price's lines, computed on the server: the browser gets text, not the rules. */
export interface StorefrontPrice extends PriceDisplay {
  /** "5% de desconto", said after the PIX price; null with no PIX discount. */
  readonly pixDiscount: string | null
}

/** `units`: the lines a cart's subtotal is the sum of, so its PIX price is the sum of theirs. */
export function displayPrice(
  price: Cents,
  pricing: StorefrontPricing = DEFAULT_PRICING,
  units?: readonly PricedUnits[],
): StorefrontPrice {
  const shown = priceDisplay(price, pricing.terms, pricing.gatewayFreeUpTo, units)
  const basisPoints = pricing.terms.pixDiscountBasisPoints
  return { ...shown, pixDiscount: shown.pix ? `${pixPercentLabel(basisPoints)} de desconto` : null }
}

/** "5%" or "2,5%": the discount as the checkout and the prices name it. */
export const pixPercentLabel = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`
