import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { subscriptionsWorld } from "../../tests/fakes/subscriptionsWorld"
import { coverPlanMonthsHandler } from "./coverPlanMonths"
import { refundUnbegunMonths } from "./refundUnbegunMonths"
import { subscribe } from "./subscribe"
import { subscriptionNotifiedHandler } from "./subscriptionNotifications"

const NOV_3 = saoPauloInstant({ year: 2026, month: 11, day: 3 }, 10)

describe("refunding a subscription's months paid ahead and not begun", () => {
  it("gives back December's share of a bimonthly charge once, November's parcel keeping the rest", async () => {
    const w = subscriptionsWorld({ now: NOV_3 })
    await w.ok(subscribe(w.input({ planId: "bimonthly-plan" })))
    await w.handle([subscriptionNotifiedHandler, coverPlanMonthsHandler])
    const id = w.subs.subscriptions()[0]?.id ?? ""
    const [charge] = w.subs.charges()
    expect(charge).toMatchObject({ status: "approved", amount: 49990, months: ["2026-11", "2026-12"] })
    // November's parcel is made at sign-up; December is held ahead with none.
    expect(w.subs.months().map((m) => [m.month, m.orderId !== null])).toEqual([
      ["2026-11", true],
      ["2026-12", false],
    ])
    await w.ok(refundUnbegunMonths(id))
    await w.ok(refundUnbegunMonths(id))
    expect(w.gateway.callsOf("refundCharge").map((c) => c.args)).toEqual([
      { chargeId: charge?.id, amount: 24995, idempotencyKey: `refund-charge-${charge?.id}-2026-12` },
    ])
    expect(w.subs.charges()[0]).toMatchObject({
      status: "approved",
      statusDetail: "partially_refunded",
      months: ["2026-11"],
    })
  })
})
