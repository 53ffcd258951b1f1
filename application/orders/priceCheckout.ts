import { Effect } from "effect"
import { COUPON_MESSAGES, couponDiscount, normalizeCouponCode } from "../../domain/orders/coupon"
import { orderTotals, withAdjustments } from "../../domain/orders/order"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { PLAN_MESSAGES, PLAN_SHIPPING } from "../../domain/subscriptions/prepaidPlans"
import { priceCart } from "../cart"
import { CheckoutRefused } from "../errors"
import { type PlanChoice, planForCollection, planStart } from "../plans"
import { AddressBook } from "../ports/AddressBook"
import { CartStore } from "../ports/CartStore"
import { Clock } from "../ports/Clock"
import { CouponStore } from "../ports/CouponStore"
import { quotePricedCart } from "../shipping"
import { requireViewer } from "../viewer"
import { noCoins, priceCoins } from "./customerHolds"

export interface CheckoutChoice {
  /** A prepaid plan bought at `/checkout?collection=&period=`; absent or null: the cart. */
  readonly plan?: PlanChoice | null
  readonly addressId: string
  /** Null asks for the options only; the cheapest is then preselected. */
  readonly shippingOptionId: string | null
  /**
   * A code being applied now (`applyCartCoupon`); absent or null: the coupon kept with the cart, checked again
   * and taken off the cart, with the reason, when it no longer applies.
   */
  readonly couponCode?: string | null
  /** Community coins to spend on the items; absent or 0: none. */
  readonly coins?: number
}

/**
 * The customer's cart as an order would be placed now: prices from the catalogue, shipping quoted on the
 * server for the chosen address, the coupon checked. The checkout page shows this; placing the order
 * recomputes it, so nothing the browser sends is trusted.
 */
export const priceCheckout = Effect.fn("Orders.priceCheckout")(function* (
  choice: CheckoutChoice,
  /** Placing an order: its own limit bounds the shipping quotes it makes. */
  placing = false,
) {
  const viewer = yield* requireViewer
  if (choice.plan) return yield* pricePlan(viewer.id, choice, choice.plan)
  const cart = yield* (yield* CartStore).load(viewer.id)
  if (cart.length === 0) return yield* new CheckoutRefused({ message: PAYMENT_MESSAGES.emptyCart })
  const priced = yield* priceCart(cart)
  const { lines } = priced
  const blocked = lines.find((l) => !l.buyable)
  if (blocked)
    return yield* new CheckoutRefused({
      message: `${blocked.name}: ${blocked.reason ?? "indisponível"}. Remova o item do carrinho para continuar.`,
    })
  const address = yield* (yield* AddressBook).get(viewer.id, choice.addressId)
  if (!address)
    return yield* new CheckoutRefused({ message: "Escolha um endereço de entrega", field: "address" })

  const quote = yield* quotePricedCart(address.zipCode, priced, placing)
  const cheapest = [...quote.options].sort((a, b) => a.price - b.price)[0] ?? null
  const shipping = choice.shippingOptionId
    ? (quote.options.find((o) => o.id === choice.shippingOptionId) ?? null)
    : cheapest
  if (choice.shippingOptionId && !shipping)
    return yield* new CheckoutRefused({ message: PAYMENT_MESSAGES.shippingChanged, field: "shipping" })

  const shippingPrice = shipping?.price ?? 0
  const subtotal = orderTotals(lines, 0, null).subtotal
  const { coupon, couponError } = yield* checkCoupon(viewer.id, choice, subtotal, shippingPrice)
  const coins = yield* priceCoins(viewer.id, choice.coins ?? 0, subtotal - (coupon?.discount ?? 0))
  return {
    lines,
    address,
    shippingOptions: quote.options,
    shipping,
    coupon,
    couponError,
    coins,
    totals: orderTotals(lines, shippingPrice, coupon, { coinsDiscount: coins.discount }),
    plan: null,
  }
})

/**
 * The coupon as the order would take it now: the code being applied, or the cart's. The cart's code is checked
 * by the same rules every time, and one that no longer applies leaves the cart with a notice saying why.
 */
const checkCoupon = Effect.fnUntraced(function* (
  userId: string,
  choice: CheckoutChoice,
  subtotal: number,
  shipping: number,
) {
  const carts = yield* CartStore
  const applying = choice.couponCode ? normalizeCouponCode(choice.couponCode) : ""
  const code = applying || ((yield* carts.coupon(userId)) ?? "")
  if (!code) return { coupon: null, couponError: null }
  const coupons = yield* CouponStore
  const found = yield* coupons.findByCode(code)
  const outcome = found
    ? couponDiscount(found, {
        subtotal,
        shipping,
        now: yield* (yield* Clock).now(),
        coins: choice.coins ?? 0,
        usedByCustomer: found.oncePerCustomer && (yield* coupons.usedByCustomer(found.id, userId)),
      })
    : { ok: false as const, message: COUPON_MESSAGES.notFound }
  if (outcome.ok && found) return { coupon: { ...outcome, id: found.id }, couponError: null }
  const reason = outcome.ok ? COUPON_MESSAGES.notFound : outcome.message
  if (applying) return { coupon: null, couponError: reason }
  yield* carts.dropCoupon(userId, code)
  return { coupon: null, couponError: COUPON_MESSAGES.dropped(code, reason) }
})

/**
 * A prepaid plan priced as an order would be placed now: the collection's per-character price × months less
 * the plan's discount, nothing for shipping (its months ship free), no coupon (the plan carries its discount),
 * to the chosen address (where its months will go). The cart is left alone.
 */
const pricePlan = Effect.fnUntraced(function* (userId: string, choice: CheckoutChoice, wanted: PlanChoice) {
  const { plan, collection, quote } = yield* planForCollection(wanted)
  const address = yield* (yield* AddressBook).get(userId, choice.addressId)
  if (!address)
    return yield* new CheckoutRefused({ message: "Escolha um endereço de entrega", field: "address" })
  const start = yield* planStart(userId, collection.id)
  return {
    lines: [] as Effect.Success<ReturnType<typeof priceCart>>["lines"],
    address,
    shippingOptions: [PLAN_SHIPPING],
    shipping: PLAN_SHIPPING,
    coupon: null,
    couponError: choice.couponCode ? PLAN_MESSAGES.noCoupons : null,
    coins: noCoins(choice.coins ?? 0),
    totals: withAdjustments({ subtotal: quote.gross, discount: quote.discount, shipping: 0 }, {}),
    plan: {
      planId: plan.id,
      name: plan.name,
      months: quote.months,
      collectionId: collection.id,
      collectionName: collection.name,
      discountPercent: quote.discountPercent,
      perMonth: quote.perMonth,
      /** Said before paying: the first month covered, after those the collector already holds. */
      firstMonthNote: start.note,
    },
  }
})
