import { Context, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { Coupon } from "../../domain/orders/coupon"

export interface StoredCoupon extends Coupon {
  readonly id: string
}

/** Coupons and their use counts; `use` is one conditional update, so `maxUses` holds under any concurrency. */
export class CouponStore extends Context.Service<
  CouponStore,
  {
    findByCode(code: string): Effect.Effect<StoredCoupon | null>
    /** Counts one use unless the limit is reached; false when it is. */
    use(couponId: string): Effect.Effect<boolean>
    release(couponId: string): Effect.Effect<void>
    /** A paid order used the coupon: its revenue and conversions grow. */
    recordConversion(couponId: string, revenue: Cents): Effect.Effect<void>
  }
>()("store/application/CouponStore") {}
