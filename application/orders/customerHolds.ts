import { Effect } from "effect"
import { coinRedemptionEntry, coinReturnEntry } from "../../domain/community/coinLedger"
import { checkRedemption, maxRedemption } from "../../domain/community/coins"
import { COUPON_MESSAGES } from "../../domain/orders/coupon"
import type { Order } from "../../domain/orders/order"
import { CheckoutRefused } from "../errors"
import { Clock } from "../ports/Clock"
import { CoinWallet } from "../ports/CoinWallet"
import { CouponStore } from "../ports/CouponStore"
import { StoreSettings } from "../ports/StoreSettings"

export const COIN_MESSAGES = {
  notEnough: "Você não tem moedas suficientes.",
  plan: "Moedas não podem ser usadas em planos pré-pagos.",
} as const

export interface CoinsAtCheckout {
  readonly balance: number
  /** The most this order may use (balance, cap on the items after the coupon, whole coins). */
  readonly max: number
  readonly centsPerCoin: number
  /** What the order spends: the coins asked for when allowed, else none. */
  readonly coins: number
  readonly discount: number
  /** Why the coins asked for cannot be used; placing the order refuses with it. */
  readonly error: string | null
}

/** No coins on this checkout (a prepaid plan carries its own discount). */
export const noCoins = (requested: number): CoinsAtCheckout => ({
  balance: 0,
  max: 0,
  centsPerCoin: 0,
  coins: 0,
  discount: 0,
  error: requested > 0 ? COIN_MESSAGES.plan : null,
})

/** The collector's coins for items worth `itemsCents` (after the coupon), at the store's rate and cap. */
export const priceCoins = Effect.fnUntraced(function* (
  userId: string,
  requested: number,
  itemsCents: number,
) {
  const terms = (yield* (yield* StoreSettings).get()).conventions.coinTerms
  const balance = yield* (yield* CoinWallet).balance(userId)
  const check = checkRedemption(requested, balance, itemsCents, terms)
  const coins: CoinsAtCheckout = {
    balance,
    max: maxRedemption(balance, itemsCents, terms).coins,
    centsPerCoin: terms.centsPerCoin,
    coins: check.ok ? check.redemption.coins : 0,
    discount: check.ok ? check.redemption.discount : 0,
    error: check.ok ? null : check.message,
  }
  return coins
})

/**
 * Takes what the order needs of the customer's own, in its unit of work: the coins it spends (the balance read
 * under the collector's lock, so two checkouts cannot spend the same coins) and a once-per-customer coupon's use
 * (by account and by CPF). A refusal fails the unit of work, so nothing is kept.
 */
export const holdCustomerPerks = Effect.fnUntraced(function* (order: Order) {
  if (!order.userId) return
  const now = yield* (yield* Clock).now()
  if (order.coinsUsed > 0) {
    const wallet = yield* CoinWallet
    const entry = coinRedemptionEntry(
      yield* wallet.orderEntries(order.userId, order.id),
      { userId: order.userId, orderId: order.id, orderNumber: order.number },
      order.coinsUsed,
      now,
    )
    if (entry && !(yield* wallet.spend(entry)))
      return yield* new CheckoutRefused({ message: COIN_MESSAGES.notEnough, field: "coins" })
  }
  if (order.couponId && order.couponCode) {
    const coupons = yield* CouponStore
    const coupon = yield* coupons.findByCode(order.couponCode)
    if (
      coupon?.oncePerCustomer &&
      !(yield* coupons.claimForCustomer({
        couponId: order.couponId,
        userId: order.userId,
        cpf: order.cpf,
        orderId: order.id,
        at: now,
      }))
    )
      return yield* new CheckoutRefused({ message: COUPON_MESSAGES.alreadyUsed, field: "coupon" })
  }
})

/**
 * A late approval of an order that had let go of what it held: its coins and coupon use are taken again if the
 * customer still has them (the payment is made; what is gone is the store's loss, not a reason to refuse it).
 */
export const reclaimCustomerPerks = (order: Order) =>
  holdCustomerPerks(order).pipe(Effect.catchTag("CheckoutRefused", () => Effect.void))

/** Gives the order's coins back, once, with a ledger entry; nothing when it holds none. */
export const giveCoinsBack = Effect.fnUntraced(function* (userId: string, orderId: string, at: number) {
  const wallet = yield* CoinWallet
  const entry = coinReturnEntry(yield* wallet.orderEntries(userId, orderId), at)
  if (entry) yield* wallet.give(entry)
})

/** An unpaid order let go: its coins come back and its once-per-customer coupon use is free again. */
export const releaseCustomerPerks = Effect.fnUntraced(function* (order: Order) {
  if (order.coinsUsed > 0 && order.userId)
    yield* giveCoinsBack(order.userId, order.id, yield* (yield* Clock).now())
  if (order.couponId) yield* (yield* CouponStore).releaseForOrder(order.id)
})
