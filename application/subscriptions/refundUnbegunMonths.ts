import { Effect } from "effect"
import { monthShares } from "../../domain/subscriptions/chargeShares"
import { PlanMonths } from "../ports/PlanMonths"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"

/**
 * A subscription cancelled with its account gives back the months it paid ahead that have no shipment yet:
 * nothing was made for them and no one is left to follow a parcel. A charge all of whose months are unbegun is
 * refunded whole; otherwise each such month's share (domain/subscriptions/chargeShares.ts) goes back under a key
 * of the charge and month, and the month leaves the charge's months with the charge marked partially refunded,
 * so a rerun finds nothing left to refund. Runs before the months themselves are removed; the gateway is called
 * outside any transaction.
 */
export const refundUnbegunMonths = Effect.fn("Subscriptions.refundUnbegunMonths")(function* (
  subscriptionId: string,
) {
  const unbegun = new Set(
    (yield* (yield* PlanMonths).of(subscriptionId)).filter((m) => m.orderId === null).map((m) => m.month),
  )
  if (unbegun.size === 0) return
  const store = yield* SubscriptionStore
  const gateway = yield* SubscriptionGateway
  for (const charge of yield* store.chargesOf(subscriptionId)) {
    if (charge.status !== "approved") continue
    const refunding = charge.months.filter((m) => unbegun.has(m))
    if (refunding.length === 0) continue
    const whole = refunding.length === charge.months.length
    if (whole) yield* gateway.refundCharge(charge.id, null, `refund-charge-${charge.id}`)
    else {
      const shares = monthShares(charge.amount, charge.months)
      for (const month of refunding)
        yield* gateway.refundCharge(charge.id, shares.get(month) ?? 0, `refund-charge-${charge.id}-${month}`)
    }
    yield* (yield* UnitOfWork).atomically(
      Effect.gen(function* () {
        const locked = yield* store.lockCharge(charge.id)
        if (locked?.status !== "approved") return
        const months = locked.months.filter((m) => !refunding.includes(m))
        yield* store.saveCharge(
          whole
            ? { ...locked, status: "refunded", statusDetail: "refunded" }
            : { ...locked, statusDetail: "partially_refunded", months },
        )
      }),
    )
  }
})
