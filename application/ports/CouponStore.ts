import { Context, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { Coupon } from "../../domain/orders/coupon"

export interface StoredCoupon extends Coupon {
  readonly id: string
}

export interface CustomerCouponUse {
  readonly couponId: string
  readonly userId: string
  readonly cpf: string | null
  readonly orderId: string
  readonly at: number
}

/** Coupons and their use counts; `use` is one conditional update, so `maxUses` holds under any concurrency. */
export class CouponStore extends Context.Service<
  CouponStore,
  {
    findByCode(code: string): Effect.Effect<StoredCoupon | null>
    /** Counts one use unless the limit is reached; false when it is. */
    use(couponId: string): Effect.Effect<boolean>
    release(couponId: string): Effect.Effect<void>
    /** Whether the customer holds a use of this once-per-customer coupon (an order paid or awaiting payment). */
    usedByCustomer(couponId: string, userId: string): Effect.Effect<boolean>
    /**
     * Takes the customer's one use for the order unless the account or the CPF already holds it; false when
     * it does. Concurrent checkouts of the same customer take it once.
     */
    claimForCustomer(use: CustomerCouponUse): Effect.Effect<boolean>
    /** Gives back the once-per-customer use an unpaid order held. */
    releaseForOrder(orderId: string): Effect.Effect<void>
    /** A paid order used the coupon: its revenue and conversions grow. */
    recordConversion(couponId: string, revenue: Cents): Effect.Effect<void>
  }
>()("store/application/CouponStore") {}
