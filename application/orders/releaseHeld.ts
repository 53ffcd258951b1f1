import { Effect } from "effect"
import { disclosedPiece } from "../../domain/catalog/characterDisclosure"
import { inLockOrder } from "../../domain/lockOrder"
import type { Order } from "../../domain/orders/order"
import { Clock } from "../ports/Clock"
import { CouponStore } from "../ports/CouponStore"
import { EditionStock } from "../ports/EditionStock"
import { claimWaitlistOffer, offerFreedUnits } from "../waitlist"
import { holdCustomerPerks, releaseCustomerPerks } from "./customerHolds"

/** The order's numbered lines, in the order every transaction locks editions' rows (no two wait on each other). */
export const numberedInLockOrder = (order: Order) =>
  inLockOrder(
    order.lines.filter((l) => l.editionSize !== null),
    (l) => l.productId,
  )

/** Gives back what an unpaid order held: its edition units (first to the waitlist) and its coupon use. */
export const releaseHeld = Effect.fnUntraced(function* (order: Order) {
  const stock = yield* EditionStock
  for (const line of numberedInLockOrder(order)) {
    yield* stock.release(line.productId, line.quantity)
    yield* offerFreedUnits(line.productId, line.quantity)
  }
  if (order.couponId) yield* (yield* CouponStore).release(order.couponId)
  yield* releaseCustomerPerks(order)
})

/** Takes what an order needs; the first unit or coupon that is gone names itself, and nothing is kept. */
export const reserveHeld = Effect.fnUntraced(function* (order: Order) {
  const stock = yield* EditionStock
  for (const line of numberedInLockOrder(order)) {
    // A unit held for this buyer by the waitlist becomes theirs to take.
    if (order.userId) yield* claimWaitlistOffer(order.userId, line.productId, order.id)
    const reserved = yield* stock.reserve(line.productId, line.quantity)
    if (!reserved.ok) {
      // Named to the customer, before the character's reveal too.
      const { name } = disclosedPiece(line, line.reveal, yield* (yield* Clock).now())
      return { ok: false as const, productName: name, left: reserved.left }
    }
  }
  if (order.couponId && !(yield* (yield* CouponStore).use(order.couponId)))
    return { ok: false as const, coupon: true as const }
  yield* holdCustomerPerks(order)
  return { ok: true as const }
})
