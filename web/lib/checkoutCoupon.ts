/**
 * The coupon applied at checkout, kept in this tab so a reload keeps it: the checkout applies it again and the
 * server checks it once more (it may have expired or run out meanwhile).
 */
const COUPON_KEY = "checkoutCoupon"

export function readCheckoutCoupon(): string | null {
  try {
    return sessionStorage.getItem(COUPON_KEY) || null
  } catch {
    return null // no storage (the server's render, a locked-down browser)
  }
}

/** Keeps the applied code, or forgets it (null: removed, refused, or used by a placed order). */
export function storeCheckoutCoupon(code: string | null) {
  try {
    if (code) sessionStorage.setItem(COUPON_KEY, code)
    else sessionStorage.removeItem(COUPON_KEY)
  } catch {
    // no storage
  }
}
