import { Effect } from "effect"
import {
  COUPON_ADMIN_MESSAGES,
  type CouponDraft,
  maxUsesBelowUses,
  validateCouponDraft,
} from "../../domain/orders/couponAdmin"
import { CouponNotFound, InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { CouponCatalog } from "../ports/CouponCatalog"
import { UnitOfWork } from "../ports/UnitOfWork"
import { couponView, findCoupon, recordCouponChange, requireCouponManager } from "./couponManager"

/** Saves the edit form: the same rules as creating, and a limit never below the uses already counted. */
export const updateCoupon = Effect.fn("Coupons.updateCoupon")(function* (id: string, draft: CouponDraft) {
  const actor = yield* requireCouponManager
  const checked = validateCouponDraft(draft)
  if (!checked.ok) return yield* new InvalidInput({ message: checked.message })
  const now = yield* (yield* Clock).now()
  const catalog = yield* CouponCatalog
  const updated = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const before = yield* findCoupon(id)
      const refused = maxUsesBelowUses(checked.fields.maxUses, before.totalUses)
      if (refused) return yield* new InvalidInput({ message: refused })
      const after = yield* catalog.update(id, checked.fields, now)
      if (after === "code_taken") return yield* new InvalidInput({ message: COUPON_ADMIN_MESSAGES.codeTaken })
      if (!after) return yield* new CouponNotFound()
      yield* recordCouponChange(actor, "update", before, after)
      return after
    }),
  )
  return couponView(updated, now)
})
