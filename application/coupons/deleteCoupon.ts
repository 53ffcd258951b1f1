import { Effect } from "effect"
import { CouponNotFound } from "../errors"
import { CouponCatalog } from "../ports/CouponCatalog"
import { UnitOfWork } from "../ports/UnitOfWork"
import { findCoupon, recordCouponChange, requireCouponManager } from "./couponManager"

/**
 * Deletes a coupon after the screen's confirmation. Orders that used it keep its code and their discount (the
 * foreign key sets their link to null), so a used coupon may go too; the log keeps what it was.
 */
export const deleteCoupon = Effect.fn("Coupons.deleteCoupon")(function* (id: string) {
  const actor = yield* requireCouponManager
  const catalog = yield* CouponCatalog
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const before = yield* findCoupon(id)
      if (!(yield* catalog.remove(id))) return yield* new CouponNotFound()
      yield* recordCouponChange(actor, "delete", before, null)
    }),
  )
})
