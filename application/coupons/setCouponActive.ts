import { Effect } from "effect"
import { CouponNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { CouponCatalog } from "../ports/CouponCatalog"
import { UnitOfWork } from "../ports/UnitOfWork"
import { couponView, findCoupon, recordCouponChange, requireCouponManager } from "./couponManager"

/** The administrator's switch (spec 002 §4); switching to what it already is changes and logs nothing. */
export const setCouponActive = Effect.fn("Coupons.setCouponActive")(function* (
  id: string,
  isActive: boolean,
) {
  const actor = yield* requireCouponManager
  const now = yield* (yield* Clock).now()
  const catalog = yield* CouponCatalog
  const saved = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const before = yield* findCoupon(id)
      if (before.isActive === isActive) return before
      const after = yield* catalog.setActive(id, isActive, now)
      if (!after) return yield* new CouponNotFound()
      yield* recordCouponChange(actor, isActive ? "activate" : "deactivate", before, after)
      return after
    }),
  )
  return couponView(saved, now)
})
