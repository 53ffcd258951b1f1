import { Effect } from "effect"
import { COUPON_MESSAGES, normalizeCouponCode } from "../../domain/orders/coupon"
import { PLAN_MESSAGES } from "../../domain/subscriptions/prepaidPlans"
import { CheckoutRefused } from "../errors"
import { CartStore } from "../ports/CartStore"
import { requireViewer } from "../viewer"
import type { CheckoutChoice } from "./priceCheckout"
import { quoteCheckout } from "./quoteCheckout"

/**
 * The customer applies a code at checkout: checked by the coupon rules against the order as it stands, then
 * kept with the cart on the server, so every tab and device prices with it. A refused code leaves the cart's
 * coupon as it was; a plan carries its own discount and takes none.
 */
export const applyCartCoupon = Effect.fn("Orders.applyCartCoupon")(function* (
  code: string,
  choice: CheckoutChoice,
) {
  const viewer = yield* requireViewer
  const wanted = normalizeCouponCode(code)
  if (!wanted) return yield* new CheckoutRefused({ message: COUPON_MESSAGES.required, field: "coupon" })
  if (choice.plan) return yield* new CheckoutRefused({ message: PLAN_MESSAGES.noCoupons, field: "coupon" })
  const priced = yield* quoteCheckout({ ...choice, couponCode: wanted })
  if (!priced.coupon)
    return yield* new CheckoutRefused({
      message: priced.couponError ?? COUPON_MESSAGES.notFound,
      field: "coupon",
    })
  yield* (yield* CartStore).setCoupon(viewer.id, priced.coupon.code)
  return priced
})
