import { Effect } from "effect"
import { duplicateCode, duplicateFields } from "../../domain/orders/couponAdmin"
import { Clock } from "../ports/Clock"
import { CouponCatalog } from "../ports/CouponCatalog"
import { Ids } from "../ports/Ids"
import { UnitOfWork } from "../ports/UnitOfWork"
import { couponView, findCoupon, recordCouponChange, requireCouponManager } from "./couponManager"

// Every copy's code starts with this much of the original (the domain cuts it to fit 30 characters with the
// longest suffixes), so one lookup finds the copies already made.
const SHARED_PREFIX = 20

/**
 * A copy of a coupon (spec 002 §4): its code plus -COPIA (-COPIA2… when taken), the same conditions, no uses,
 * inactive until an administrator switches it on. A copy made at the same moment by someone else takes the next
 * suffix.
 */
export const duplicateCoupon = Effect.fn("Coupons.duplicateCoupon")(function* (id: string) {
  const actor = yield* requireCouponManager
  const now = yield* (yield* Clock).now()
  const newId = yield* (yield* Ids).uuid()
  const catalog = yield* CouponCatalog
  const copy = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const source = yield* findCoupon(id)
      const taken = new Set(yield* catalog.codesStartingWith(source.code.slice(0, SHARED_PREFIX)))
      for (;;) {
        const code = duplicateCode(source.code, taken)
        const inserted = yield* catalog.insert(newId, duplicateFields(source, code), false, now)
        if (inserted !== "code_taken") {
          yield* recordCouponChange(actor, "duplicate", null, inserted)
          return inserted
        }
        taken.add(code)
      }
    }),
  )
  return couponView(copy, now)
})
