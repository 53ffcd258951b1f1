import { type Cents, multiply, sum } from "../cents"

/** Bounds of the settings: beyond 30 % PIX is a sale, not a payment-method discount. */
export const PIX_DISCOUNT_MAX_BASIS_POINTS = 3_000

/**
 * The PIX price of one unit, rounded down to the centavo: a discount never costs the buyer a fraction (R$ 299,90
 * at 5 % is R$ 284,90, not R$ 284,91).
 */
export function pixPrice(price: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > PIX_DISCOUNT_MAX_BASIS_POINTS)
    throw new RangeError(`Invalid PIX discount: ${basisPoints}`)
  return Number((BigInt(price) * BigInt(10_000 - basisPoints)) / 10_000n)
}

/** Units at one price: a cart or order line. A prepaid plan is one unit at its price after its own discount. */
export interface PricedUnits {
  readonly unitPrice: Cents
  readonly quantity: number
}

/**
 * The store's one PIX rule, used by every card, the cart, the checkout, the charge and the e-mails. The discount
 * is taken per unit price and rounded once there (`pixPrice`), so some items cost by PIX exactly the sum of the
 * PIX unit prices every card shows × their quantities: 2 × R$ 349,90 is 2 × R$ 332,40 = R$ 664,80, never the
 * R$ 664,81 of 5 % off R$ 699,80. When a coupon or coins took part of the items off first (`itemsLeft` is what
 * is left of them), the discount is that sum's share of what is left, rounded up (the buyer keeps the fraction).
 */
export function pixDiscountOn(units: readonly PricedUnits[], itemsLeft: Cents, basisPoints: number): Cents {
  const listed = sum(units.map((u) => multiply(u.unitPrice, u.quantity)))
  const full = sum(units.map((u) => multiply(u.unitPrice - pixPrice(u.unitPrice, basisPoints), u.quantity)))
  if (listed <= 0 || itemsLeft <= 0) return 0
  if (itemsLeft >= listed) return full
  const share = BigInt(full) * BigInt(itemsLeft)
  return Number((share + BigInt(listed) - 1n) / BigInt(listed))
}

/** What these units cost by PIX with nothing else taken off: the sum of their PIX unit prices × quantities. */
export function pixItemsPrice(units: readonly PricedUnits[], basisPoints: number): Cents {
  const listed = sum(units.map((u) => multiply(u.unitPrice, u.quantity)))
  return listed - pixDiscountOn(units, listed, basisPoints)
}
