import type { OrderTotals, PaymentMethod } from "../orders/order"
import { withAdjustments } from "../orders/order"
import { pixPercentLabel } from "./cardInstallments"

/**
 * An order's totals for the method it is paid by: the order's own PIX discount when by PIX, none by card,
 * boleto or Mercado Pago's page (where the buyer's choice is not known). The coupon and coins stay as they are.
 */
export const totalsForMethod = (
  totals: OrderTotals,
  method: PaymentMethod,
  pixDiscountBasisPoints: number,
): OrderTotals =>
  withAdjustments(totals, {
    coinsDiscount: totals.coinsDiscount,
    pixDiscountBasisPoints: method === "pix" ? pixDiscountBasisPoints : 0,
  })

/** What paying by PIX would be: the discount's percent and the totals, or null when the store gives none. */
export function pixOffer(totals: OrderTotals, pixDiscountBasisPoints: number) {
  if (pixDiscountBasisPoints <= 0) return null
  return {
    percent: pixPercentLabel(pixDiscountBasisPoints),
    totals: totalsForMethod(totals, "pix", pixDiscountBasisPoints),
  }
}
