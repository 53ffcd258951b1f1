import { formatBRL } from "../money"
import { pixPercentLabel } from "../pricing/cardInstallments"
import type { Order } from "./order"

/** One line of an order's totals, as every page and e-mail shows it. */
export interface TotalRow {
  readonly label: string
  /** "R$ 299,90", "−R$ 15,00", "Grátis". */
  readonly value: string
  readonly kind: "subtotal" | "discount" | "shipping" | "total"
}

const minus = (cents: number) => `−${formatBRL(cents)}`
const coins = (n: number) => (n === 1 ? "1 moeda" : `${n.toLocaleString("pt-BR")} moedas`)

/**
 * An order's totals line by line: Subtotal, the coupon (or the plan's discount), the coins, the PIX discount,
 * the shipping, the Total. A discount of nothing is not shown.
 */
export function orderTotalRows(
  order: Pick<Order, "totals" | "couponCode" | "plan" | "coinsUsed" | "pixDiscountBasisPoints" | "shipping">,
): TotalRow[] {
  const { subtotal, discount, coinsDiscount, pixDiscount, shipping, total } = order.totals
  const rows: TotalRow[] = [{ label: "Subtotal", value: formatBRL(subtotal), kind: "subtotal" }]
  if (discount > 0)
    rows.push({
      label: order.couponCode
        ? `Cupom (${order.couponCode})`
        : order.plan
          ? `Desconto do plano (${order.plan.discountPercent}%)`
          : "Desconto",
      value: minus(discount),
      kind: "discount",
    })
  if (coinsDiscount > 0)
    rows.push({ label: `Moedas (${coins(order.coinsUsed)})`, value: minus(coinsDiscount), kind: "discount" })
  if (pixDiscount > 0)
    rows.push({
      label: `Desconto PIX (${pixPercentLabel(order.pixDiscountBasisPoints)})`,
      value: minus(pixDiscount),
      kind: "discount",
    })
  rows.push({
    label: `Frete (${order.shipping.name})`,
    value: shipping > 0 ? formatBRL(shipping) : "Grátis",
    kind: "shipping",
  })
  rows.push({ label: "Total", value: formatBRL(total), kind: "total" })
  return rows
}
