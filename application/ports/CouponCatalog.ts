import { Context, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { CouponFields, CouponFilter, CouponSort } from "../../domain/orders/couponAdmin"
import type { StoredCoupon } from "./CouponStore"

/** A coupon as the administration sees it, with its figures from the orders that used it. */
export interface AdminCoupon extends StoredCoupon {
  readonly createdAt: number
  readonly updatedAt: number
  /** Paid orders that used it. */
  readonly conversions: number
  /** What those paid orders came to, in centavos. */
  readonly revenue: Cents
}

export interface CouponQuery extends CouponFilter {
  readonly sort: CouponSort
  readonly page: number
  readonly pageSize: number
}

/**
 * The administrators' side of the coupons table (spec 002 §7): filtered pages, counts, and changes. A code is
 * unique by the table's constraint, so two administrators saving the same code at once get one coupon and one
 * `"code_taken"`.
 */
export class CouponCatalog extends Context.Service<
  CouponCatalog,
  {
    list(query: CouponQuery, now: number): Effect.Effect<{ rows: AdminCoupon[]; total: number }>
    /** Every coupon, and those active and not expired. */
    counts(now: number): Effect.Effect<{ total: number; active: number }>
    find(id: string): Effect.Effect<AdminCoupon | null>
    /** The codes starting with `prefix`, for naming a copy. */
    codesStartingWith(prefix: string): Effect.Effect<ReadonlySet<string>>
    /** A new coupon, unused; "code_taken" when its code exists. */
    insert(
      id: string,
      fields: CouponFields,
      isActive: boolean,
      now: number,
    ): Effect.Effect<AdminCoupon | "code_taken">
    update(id: string, fields: CouponFields, now: number): Effect.Effect<AdminCoupon | "code_taken" | null>
    setActive(id: string, isActive: boolean, now: number): Effect.Effect<AdminCoupon | null>
    /** Orders that used it keep its code and discount; their link to it is cleared. */
    remove(id: string): Effect.Effect<boolean>
  }
>()("store/application/CouponCatalog") {}
