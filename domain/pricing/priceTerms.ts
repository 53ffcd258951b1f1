import { type Cents, formatBRL } from "../money"
import { interestFreeInstallment, MAX_INSTALLMENTS } from "./installments"
import { type PricedUnits, pixItemsPrice } from "./pixPrice"

export { PIX_DISCOUNT_MAX_BASIS_POINTS, pixPrice } from "./pixPrice"

/**
 * How a price is offered the Brazilian way: by card in interest-free instalments and by PIX with a
 * discount. The store's settings choose the PIX discount and how many instalments it pays the interest of; the
 * gateway's table may allow fewer, and the smallest instalment a card acquirer accepts bounds them too.
 */
export interface PriceTerms {
  /** PIX discount in basis points (500 = 5 %); 0 shows no PIX price. */
  readonly pixDiscountBasisPoints: number
  /** Instalments with no interest the store offers (1 = none). */
  readonly interestFreeInstallments: number
  /** The smallest instalment accepted: a R$ 19,90 piece is not split in twelve. */
  readonly minInstallmentCents: Cents
}

/** Mercado Pago refuses instalments under R$ 5,00. */
export const MIN_INSTALLMENT_FLOOR_CENTS = 500

export const DEFAULT_PRICE_TERMS: PriceTerms = {
  pixDiscountBasisPoints: 500,
  interestFreeInstallments: 12,
  minInstallmentCents: MIN_INSTALLMENT_FLOOR_CENTS,
}

/**
 * The most interest-free instalments this price can be split into: the store's offer, capped by the gateway's
 * table (`gatewayFreeUpTo`, null when it does not say) and by the smallest instalment.
 */
export function interestFreeInstallments(
  price: Cents,
  terms: PriceTerms,
  gatewayFreeUpTo: number | null,
): number {
  const offered = Math.min(
    terms.interestFreeInstallments,
    gatewayFreeUpTo ?? MAX_INSTALLMENTS,
    MAX_INSTALLMENTS,
  )
  const bySize = Math.floor(price / Math.max(terms.minInstallmentCents, MIN_INSTALLMENT_FLOOR_CENTS))
  return Math.max(1, Math.min(offered, bySize))
}

/** The lines under a price on every storefront card and page. */
export interface PriceDisplay {
  readonly price: Cents
  /** "R$ 299,90" */
  readonly cardPrice: string
  /** "em até 12x de R$ 24,99 sem juros", or null when the price is paid at once. */
  readonly installments: string | null
  readonly pixCents: Cents | null
  /** "R$ 284,90 no PIX", or null with no PIX discount. */
  readonly pix: string | null
}

/**
 * `units`: what the price is the sum of (a cart's lines), so its PIX price is theirs (`pixItemsPrice`); by
 * default the price is one unit's.
 */
export function priceDisplay(
  price: Cents,
  terms: PriceTerms,
  gatewayFreeUpTo: number | null = null,
  units: readonly PricedUnits[] = [{ unitPrice: price, quantity: 1 }],
): PriceDisplay {
  const n = interestFreeInstallments(price, terms, gatewayFreeUpTo)
  const pixCents =
    terms.pixDiscountBasisPoints > 0 ? pixItemsPrice(units, terms.pixDiscountBasisPoints) : null
  return {
    price,
    cardPrice: formatBRL(price),
    installments: n > 1 ? `em até ${n}x de ${formatBRL(interestFreeInstallment(price, n))} sem juros` : null,
    pixCents,
    pix: pixCents === null ? null : `${formatBRL(pixCents)} no PIX`,
  }
}
