import { type Cents, formatBRL } from "../money"
import { interestFreeInstallment, MAX_INSTALLMENTS } from "../orders/installments"

/**
 * How a price is offered the Brazilian way (issue 15): by card in interest-free instalments and by PIX with a
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

/** Bounds of the settings: beyond 30 % PIX is a sale, not a payment-method discount. */
export const PIX_DISCOUNT_MAX_BASIS_POINTS = 3_000
/** Mercado Pago refuses instalments under R$ 5,00. */
export const MIN_INSTALLMENT_FLOOR_CENTS = 500

export const DEFAULT_PRICE_TERMS: PriceTerms = {
  pixDiscountBasisPoints: 500,
  interestFreeInstallments: 12,
  minInstallmentCents: MIN_INSTALLMENT_FLOOR_CENTS,
}

/**
 * The PIX price, rounded down to the centavo: a discount never costs the buyer a fraction (R$ 299,90 at 5 %
 * is R$ 284,90, not R$ 284,91).
 */
export function pixPrice(price: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > PIX_DISCOUNT_MAX_BASIS_POINTS)
    throw new RangeError(`Invalid PIX discount: ${basisPoints}`)
  return Number((BigInt(price) * BigInt(10_000 - basisPoints)) / 10_000n)
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

export function priceDisplay(
  price: Cents,
  terms: PriceTerms,
  gatewayFreeUpTo: number | null = null,
): PriceDisplay {
  const n = interestFreeInstallments(price, terms, gatewayFreeUpTo)
  const pixCents = terms.pixDiscountBasisPoints > 0 ? pixPrice(price, terms.pixDiscountBasisPoints) : null
  return {
    price,
    cardPrice: formatBRL(price),
    installments: n > 1 ? `em até ${n}x de ${formatBRL(interestFreeInstallment(price, n))} sem juros` : null,
    pixCents,
    pix: pixCents === null ? null : `${formatBRL(pixCents)} no PIX`,
  }
}
