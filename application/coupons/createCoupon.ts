import { Effect } from "effect"
import { COUPON_ADMIN_MESSAGES, type CouponDraft, validateCouponDraft } from "../../domain/orders/couponAdmin"
import { InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { CouponCatalog } from "../ports/CouponCatalog"
import { Ids } from "../ports/Ids"
import { UnitOfWork } from "../ports/UnitOfWork"
import { couponView, recordCouponChange, requireCouponManager } from "./couponManager"

/** A new coupon, active and unused, validated by the form's own rules; a code in use is refused in pt-BR. */
export const createCoupon = Effect.fn("Coupons.createCoupon")(function* (draft: CouponDraft) {
  const actor = yield* requireCouponManager
  const checked = validateCouponDraft(draft)
  if (!checked.ok) return yield* new InvalidInput({ message: checked.message })
  const now = yield* (yield* Clock).now()
  const id = yield* (yield* Ids).uuid()
  const catalog = yield* CouponCatalog
  const created = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const inserted = yield* catalog.insert(id, checked.fields, true, now)
      if (inserted === "code_taken")
        return yield* new InvalidInput({ message: COUPON_ADMIN_MESSAGES.codeTaken })
      yield* recordCouponChange(actor, "create", null, inserted)
      return inserted
    }),
  )
  return couponView(created, now)
})
