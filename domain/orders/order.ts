import type { CivilDate } from "../calendar"
import { disclosedPiece, type RevealFacts } from "../catalog/characterDisclosure"
import { type Cents, multiply, sum } from "../money"
import { type PricedUnits, pixDiscountOn } from "../pricing/pixPrice"
import type { OrderPlan } from "../subscriptions/prepaidPlans"
import type { Address } from "./address"

export type OrderStatus = "awaiting_payment" | "paid" | "rejected" | "expired" | "cancelled"
/**
 * `purchase`: figures bought at the checkout. `plan`: a prepaid plan, paid like any order but shipped month by
 * month by orders of kind `subscription`, each one month's character of a plan or subscription, already paid for.
 */
export type OrderKind = "purchase" | "plan" | "subscription"
export type PaymentMethod = "card" | "pix" | "boleto" | "checkout_pro"

/** A line as bought: the price and names are frozen when the order is placed. */
export interface OrderLine {
  readonly productId: string
  readonly name: string
  readonly collectionId: string
  readonly collectionName: string
  readonly imageUrl: string
  readonly unitPrice: Cents
  readonly quantity: number
  /** Units of the numbered edition, or null when made to order. */
  readonly editionSize: number | null
  /** Serial numbers given on payment ("37" of 37/500). */
  readonly serials: readonly number[]
  /**
   * The character's reveal as the catalogue has it now (read with the order, never frozen: a reveal moved later
   * moves with it); null when the product left the catalogue, absent on a line being built.
   */
  readonly reveal?: RevealFacts | null
}

/**
 * The order as its customer (or anyone but staff) may read it at `now`: a line of a character not yet revealed
 * is its month's mystery, whatever the order recorded. Staff, who produce and pack it, read the order itself.
 */
export function orderAsCustomerSees<T extends Pick<Order, "lines">>(order: T, now: number): T {
  return { ...order, lines: order.lines.map((line) => disclosedPiece(line, line.reveal, now)) }
}

/**
 * What the customer bought, in one phrase for lists, e-mails and pickers: "Personagem misterioso de
 * dezembro/2026, Coleção Lendas do Anime, nº 12/500" (the line as `orderAsCustomerSees` gives it).
 */
export function boughtPieceLabel(
  line: Pick<OrderLine, "name" | "collectionName" | "editionSize" | "serials">,
): string {
  const parts = [line.name]
  if (line.collectionName) parts.push(`Coleção ${line.collectionName.replace(/^Coleção\s+/i, "")}`)
  if (line.editionSize !== null && line.serials.length > 0)
    parts.push(`nº ${line.serials.map((serial) => `${serial}/${line.editionSize}`).join(", ")}`)
  return parts.join(", ")
}

export interface OrderTotals {
  readonly subtotal: Cents
  /** The coupon's discount on the items. */
  readonly discount: Cents
  /** What the coins spent took off the items (after the coupon). */
  readonly coinsDiscount: Cents
  /** The PIX discount on what is left of the items; 0 unless the order is being paid by PIX. */
  readonly pixDiscount: Cents
  readonly shipping: Cents
  readonly total: Cents
}

/** How an order's own discounts enter its totals. */
export interface TotalsAdjustments {
  /** Already bounded by the coin terms (domain/community/coins.ts); never more than the items less the coupon. */
  readonly coinsDiscount?: Cents
  /**
   * The PIX discount to apply now: the order's offer in basis points when paying by PIX (absent: none), and the
   * units its items are (`pixUnitsOf`), as the discount is taken per unit price.
   */
  readonly pix?: { readonly basisPoints: number; readonly units: readonly PricedUnits[] }
}

export interface ShippingChoice {
  readonly optionId: string
  readonly name: string
  readonly provider: string
  readonly price: Cents
  readonly days: number
}

export interface Order {
  readonly id: string
  readonly number: string
  readonly trackingCode: string
  /** The customer's account; null once they deleted it (the order is kept, de-identified, for the tax records). */
  readonly userId: string | null
  readonly kind: OrderKind
  /** What a `plan` order bought (frozen when placed); null for any other kind. */
  readonly plan: OrderPlan | null
  readonly status: OrderStatus
  readonly lines: readonly OrderLine[]
  readonly totals: OrderTotals
  /** Community coins spent on this order (their value is `totals.coinsDiscount`); returned if it never gets paid. */
  readonly coinsUsed: number
  /** The PIX discount offered when placed (basis points), kept for switching between PIX and card later. */
  readonly pixDiscountBasisPoints: number
  readonly couponId: string | null
  readonly couponCode: string | null
  readonly shipping: ShippingChoice
  readonly address: Address
  /** 11 digits; empty once the customer deleted the account. */
  readonly cpf: string
  /** The day the order leaves, from the schedule rule and the payment date; null until paid. */
  readonly shipsOn: CivilDate | null
  readonly placedAt: number
  readonly paidAt: number | null
  /** The payment attempt the customer is on now; an older attempt's refusal no longer matters. */
  readonly currentAttemptId: string | null
  /** The attempt whose approval paid the order; another approved attempt is a double payment to refund. */
  readonly paidAttemptId: string | null
  /** Until when the order may still be paid (or retried) before its reservations are released. */
  readonly payBy: number
}

export const ORDER_STATUS_LABEL: Readonly<Record<OrderStatus, string>> = {
  awaiting_payment: "Aguardando pagamento",
  paid: "Pago",
  rejected: "Pagamento recusado",
  expired: "Expirado",
  cancelled: "Cancelado",
}

export const PAYMENT_METHOD_LABEL: Readonly<Record<PaymentMethod, string>> = {
  card: "Cartão de crédito",
  pix: "PIX",
  boleto: "Boleto",
  checkout_pro: "Mercado Pago",
}

/**
 * The order's sums: a discount never exceeds the subtotal, free shipping never exceeds the shipping price,
 * and nothing is ever negative.
 */
export function orderTotals(
  lines: readonly Pick<OrderLine, "unitPrice" | "quantity">[],
  shippingPrice: Cents,
  coupon: { discount: Cents; shippingDiscount: Cents } | null,
  adjustments: TotalsAdjustments = {},
): OrderTotals {
  const subtotal = sum(lines.map((l) => multiply(l.unitPrice, l.quantity)))
  const discount = Math.min(Math.max(0, coupon?.discount ?? 0), subtotal)
  const shippingDiscount = Math.max(0, coupon?.shippingDiscount ?? 0)
  const shipping = Math.max(0, shippingPrice - Math.min(shippingDiscount, shippingPrice))
  return withAdjustments({ subtotal, discount, shipping }, adjustments)
}

/**
 * The totals from the items, coupon and shipping already worked out, with the coins and then the PIX discount
 * taken off the items (never the shipping): what a switch between PIX and card recomputes.
 */
export function withAdjustments(
  base: Pick<OrderTotals, "subtotal" | "discount" | "shipping">,
  adjustments: TotalsAdjustments,
): OrderTotals {
  const afterCoupon = base.subtotal - base.discount
  const coinsDiscount = Math.min(Math.max(0, adjustments.coinsDiscount ?? 0), afterCoupon)
  const items = afterCoupon - coinsDiscount
  const pix = adjustments.pix
  const pixDiscount = pix ? pixDiscountOn(pix.units, items, pix.basisPoints) : 0
  return {
    ...base,
    coinsDiscount,
    pixDiscount,
    total: items - pixDiscount + base.shipping,
  }
}

/**
 * The units an order's PIX discount is taken per: its lines; a prepaid plan has none and is one unit at its price
 * after its own discount, as the plans page prices it.
 */
export function pixUnitsOf(order: {
  readonly lines: readonly Pick<OrderLine, "unitPrice" | "quantity">[]
  readonly totals: Pick<OrderTotals, "subtotal" | "discount">
}): readonly PricedUnits[] {
  if (order.lines.length > 0) return order.lines
  return [{ unitPrice: order.totals.subtotal - order.totals.discount, quantity: 1 }]
}

/** Lines of a numbered edition, with how many units each reserves. */
export const editionUnits = (lines: readonly OrderLine[]) =>
  lines
    .filter((l) => l.editionSize !== null)
    .map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity }))
