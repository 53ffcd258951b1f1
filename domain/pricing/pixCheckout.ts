import type { Order, OrderTotals, PaymentMethod } from "../orders/order"
import { pixUnitsOf, withAdjustments } from "../orders/order"
import { pixPercentLabel } from "./cardInstallments"

/** What the PIX discount of an order (placed or being priced) is computed from. */
export type PixBasis = Pick<Order, "totals"> & { readonly lines: Parameters<typeof pixUnitsOf>[0]["lines"] }

/**
 * An order's totals for the method it is paid by: the order's own PIX discount when by PIX, none by card,
 * boleto or Mercado Pago's page (where the buyer's choice is not known). The coupon and coins stay as they are.
 */
export const totalsForMethod = (
  order: PixBasis,
  method: PaymentMethod,
  pixDiscountBasisPoints: number,
): OrderTotals =>
  withAdjustments(order.totals, {
    coinsDiscount: order.totals.coinsDiscount,
    ...(method === "pix" ? { pix: { basisPoints: pixDiscountBasisPoints, units: pixUnitsOf(order) } } : {}),
  })

/** The totals by card (or any method but PIX): the same items, coupon, coins and shipping, no PIX discount. */
export const cardTotals = (totals: OrderTotals): OrderTotals =>
  withAdjustments(totals, { coinsDiscount: totals.coinsDiscount })

/** What paying by PIX would be: the discount's percent and the totals, or null when the store gives none. */
export function pixOffer(order: PixBasis, pixDiscountBasisPoints: number) {
  if (pixDiscountBasisPoints <= 0) return null
  return {
    percent: pixPercentLabel(pixDiscountBasisPoints),
    totals: totalsForMethod(order, "pix", pixDiscountBasisPoints),
  }
}
