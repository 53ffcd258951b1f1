import { Effect } from "effect"
import { CartStore } from "../ports/CartStore"
import { requireViewer } from "../viewer"
import type { CheckoutChoice } from "./priceCheckout"
import { quoteCheckout } from "./quoteCheckout"

/** The customer takes the coupon off: it leaves the cart (every tab), and the checkout is priced without it. */
export const removeCartCoupon = Effect.fn("Orders.removeCartCoupon")(function* (choice: CheckoutChoice) {
  const viewer = yield* requireViewer
  yield* (yield* CartStore).setCoupon(viewer.id, null)
  return yield* quoteCheckout({ ...choice, couponCode: null })
})
