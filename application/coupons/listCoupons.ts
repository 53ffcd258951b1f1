import { Effect } from "effect"
import { isoDay } from "../../domain/orders/couponAdmin"
import { Clock } from "../ports/Clock"
import { CouponCatalog, type CouponQuery } from "../ports/CouponCatalog"
import { couponView, requireCouponManager } from "./couponManager"

/** Spec 002 §7: a filtered, sorted page of coupons with their figures, and the counts of all and of active ones. */
export const listCoupons = Effect.fn("Coupons.listCoupons")(function* (query: CouponQuery) {
  yield* requireCouponManager
  const now = yield* (yield* Clock).now()
  const catalog = yield* CouponCatalog
  const [page, counts] = yield* Effect.all([catalog.list(query, now), catalog.counts(now)])
  return {
    rows: page.rows.map((coupon) => couponView(coupon, now)),
    total: page.total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(page.total / query.pageSize)),
    counts,
    /** The São Paulo day on the server's clock: the form's default start (spec 002 §5: valid from today). */
    today: isoDay(now),
  }
})
