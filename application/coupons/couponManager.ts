import { Effect } from "effect"
import { type CouponStatus, couponStatus } from "../../domain/orders/couponAdmin"
import { recordAdminChange, requireStaff } from "../admin"
import { CouponNotFound } from "../errors"
import { type AdminCoupon, CouponCatalog } from "../ports/CouponCatalog"
import type { AuditActor } from "../ports/OrderAuditLog"

/**
 * Promotions are merchandising: whoever manages collections (administrators and moderators) manages coupons,
 * checked here and on the procedure.
 */
export const requireCouponManager = requireStaff("manage_collections")

/** A coupon as the list and the form show it: its status on the server's clock. */
export interface CouponView extends AdminCoupon {
  readonly status: CouponStatus
}
export const couponView = (coupon: AdminCoupon, now: number): CouponView => ({
  ...coupon,
  status: couponStatus(coupon, now),
})

export const findCoupon = (id: string) =>
  Effect.flatMap(
    CouponCatalog.use((catalog) => catalog.find(id)),
    (found) => (found ? Effect.succeed(found) : Effect.fail(new CouponNotFound())),
  )

// Figures and timestamps are not the administrator's change: the log keeps the fields they set.
const NOT_LOGGED = ["createdAt", "updatedAt", "conversions", "revenue"]

/** One entry of the change log for a coupon; run it inside the change's unit of work. */
export const recordCouponChange = (
  actor: AuditActor,
  action: string,
  before: AdminCoupon | null,
  after: AdminCoupon | null,
) => {
  const subject = after ?? before
  return subject
    ? recordAdminChange({
        actor,
        subjectType: "coupon",
        subjectId: subject.id,
        subjectLabel: subject.code,
        action,
        before,
        after,
        omit: NOT_LOGGED,
      })
    : Effect.void
}
