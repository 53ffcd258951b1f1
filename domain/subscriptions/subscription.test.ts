import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import {
  type ChargeReport,
  cancel,
  cancelWithAccount,
  cardChanged,
  chargeApproved,
  chargeRefused,
  endDuePeriods,
  nextBillingDate,
  pause,
  reactivate,
  SUBSCRIPTION_REFUSALS,
  type Subscription,
  type SubscriptionTransition,
  startSubscription,
} from "./subscription"

const at = (year: number, month: number, day: number, hour = 10) =>
  saoPauloInstant({ year, month, day }, hour)
const NOW = at(2026, 11, 3)

const started = (frequencyMonths: 1 | 2 = 1) =>
  expectOk(
    startSubscription({
      id: "s1",
      userId: "u1",
      collectionId: "c1",
      planId: frequencyMonths === 1 ? "monthly-plan" : "bimonthly-plan",
      frequencyMonths,
      amount: frequencyMonths === 1 ? 29990 : 49990,
      paymentMethodId: "visa",
      now: NOW,
    }),
  )

function expectOk(t: SubscriptionTransition): Subscription & { events: string[] } {
  if (!t.ok) throw new Error(`refused: ${t.reason}`)
  return { ...t.subscription, events: t.events.map((e) => e.type) }
}
const reasonOf = (t: SubscriptionTransition) => (t.ok ? null : t.reason)

let chargeSeq = 0
const charge = (chargedAt: number, retryAttempt = 0): ChargeReport => ({
  id: `ch-${++chargeSeq}`,
  amount: 29990,
  chargedAt,
  retryAttempt,
  statusDetail: retryAttempt >= 0 ? "cc_rejected_other_reason" : null,
})

const active = (frequencyMonths: 1 | 2 = 1) => expectOk(chargeApproved(started(frequencyMonths), charge(NOW)))

describe("subscription state machine", () => {
  it("starts pending, announcing itself", () => {
    const s = started()
    expect(s.status).toBe("pending")
    expect(s.events).toEqual(["SubscriptionStarted"])
  })

  it("activates on the first approved charge, covering the month paid on days 1–14", () => {
    const s = active()
    expect(s).toMatchObject({
      status: "active",
      coveredFrom: "2026-11",
      coveredThrough: "2026-11",
      activatedAt: NOW,
    })
    expect(s.events).toEqual(["SubscriptionActivated"])
    expect(nextBillingDate(s)).toEqual({ year: 2026, month: 12, day: 1 })
  })

  it("covers two months per bimonthly charge, next billed after both", () => {
    const s = active(2)
    expect([s.coveredFrom, s.coveredThrough]).toEqual(["2026-11", "2026-12"])
    expect(nextBillingDate(s)).toEqual({ year: 2027, month: 1, day: 1 })
  })

  it("renews on day 1, continuing the covered months", () => {
    const t = chargeApproved(active(), charge(at(2026, 12, 1, 6)))
    expect(expectOk(t)).toMatchObject({
      status: "active",
      coveredThrough: "2026-12",
      events: ["SubscriptionRenewed"],
    })
    if (t.ok) expect(t.events[0]).toMatchObject({ payload: { months: ["2026-12"] } })
  })

  it("pays a billing month once, whatever second charge the gateway reports", () => {
    const once = expectOk(chargeApproved(active(), charge(at(2026, 12, 1, 6))))
    expect(reasonOf(chargeApproved(once, charge(at(2026, 12, 3, 6), 1)))).toBe(
      SUBSCRIPTION_REFUSALS.cyclePaid,
    )
    // A refusal reported after the month's approval (out of order) changes nothing either.
    expect(reasonOf(chargeRefused(once, charge(at(2026, 12, 1, 6)), at(2026, 12, 4)))).toBe(
      SUBSCRIPTION_REFUSALS.cyclePaid,
    )
  })

  it("ends a subscription whose first charge is refused", () => {
    const s = expectOk(chargeRefused(started(), charge(NOW), NOW))
    expect(s).toMatchObject({ status: "cancelled", cancelReason: "Pagamento não aprovado" })
    expect(s.events).toEqual(["SubscriptionChargeFailed", "SubscriptionCancelled"])
  })

  describe("dunning", () => {
    const dec = (day: number) => at(2026, 12, day, 6)

    it("is past due after a refused renewal, with the next try on day 3", () => {
      const s = expectOk(chargeRefused(active(), charge(dec(1), 0), dec(1)))
      expect(s).toMatchObject({ status: "past_due", retryOn: { year: 2026, month: 12, day: 3 } })
      expect(s.events).toEqual(["SubscriptionChargeFailed"])
      expect(nextBillingDate(s)).toEqual({ year: 2026, month: 12, day: 3 })
    })

    it("is active again, the month covered, when a retry succeeds", () => {
      const pastDue = expectOk(chargeRefused(active(), charge(dec(1), 0), dec(1)))
      const s = expectOk(chargeApproved(pastDue, charge(dec(3), 1)))
      expect(s).toMatchObject({ status: "active", retryOn: null, coveredThrough: "2026-12" })
    })

    it("pauses after the try of day 5 fails, open-ended", () => {
      let s: Subscription = active()
      s = expectOk(chargeRefused(s, charge(dec(1), 0), dec(1)))
      s = expectOk(chargeRefused(s, charge(dec(3), 1), dec(3)))
      const paused = expectOk(chargeRefused(s, charge(dec(5), 2), dec(5)))
      expect(paused).toMatchObject({ status: "paused", pausedBy: "dunning", pausedUntil: null })
      expect(paused.events).toEqual(["SubscriptionChargeFailed", "SubscriptionPaused"])
      expect(nextBillingDate(paused)).toBeNull()
    })

    it("is active again when the card is changed after the dunning pause", () => {
      let s: Subscription = active()
      for (const [day, attempt] of [
        [1, 0],
        [3, 1],
        [5, 2],
      ] as const)
        s = expectOk(chargeRefused(s, charge(dec(day), attempt), dec(day)))
      const swapped = expectOk(cardChanged(s, { lastFour: "4242", paymentMethodId: "master" }))
      expect(swapped).toMatchObject({
        status: "active",
        cardLastFour: "4242",
        events: ["SubscriptionResumed", "SubscriptionCardChanged"],
      })
    })

    it("keeps a past-due subscription past due when the card changes (the gateway retries it)", () => {
      const pastDue = expectOk(chargeRefused(active(), charge(dec(1), 0), dec(1)))
      expect(expectOk(cardChanged(pastDue, { lastFour: "4242", paymentMethodId: null }))).toMatchObject({
        status: "past_due",
        events: ["SubscriptionCardChanged"],
      })
    })
  })

  describe("pause", () => {
    it("pauses until a date within three months", () => {
      const s = expectOk(pause(active(), { year: 2027, month: 1, day: 10 }, NOW))
      expect(s).toMatchObject({ status: "paused", pausedBy: "collector", events: ["SubscriptionPaused"] })
    })

    it.each([
      ["today", { year: 2026, month: 11, day: 3 }],
      ["past the three months", { year: 2027, month: 2, day: 4 }],
      ["that does not exist", { year: 2026, month: 12, day: 32 }],
    ])("refuses a return date %s", (_, until) => {
      expect(reasonOf(pause(active(), until, NOW))).toBe(SUBSCRIPTION_REFUSALS.pauseDate)
    })

    it("bills next on the first billing day from the return day on, never inside the covered months", () => {
      const next = (until: { year: number; month: number; day: number } | null, frequency: 1 | 2 = 1) =>
        nextBillingDate(expectOk(pause(active(frequency), until, NOW)))
      expect(next({ year: 2027, month: 1, day: 20 })).toEqual({ year: 2027, month: 2, day: 1 })
      expect(next({ year: 2026, month: 12, day: 1 })).toEqual({ year: 2026, month: 12, day: 1 })
      expect(next({ year: 2026, month: 11, day: 20 }, 2)).toEqual({ year: 2027, month: 1, day: 1 })
      expect(next(null)).toBeNull()
    })

    it("accepts the last day of the three months and an open-ended pause", () => {
      expect(pause(active(), { year: 2027, month: 2, day: 3 }, NOW).ok).toBe(true)
      expect(pause(active(), null, NOW).ok).toBe(true)
    })

    it.each([
      ["pending", () => started(), SUBSCRIPTION_REFUSALS.notActive],
      ["paused", () => expectOk(pause(active(), null, NOW)), SUBSCRIPTION_REFUSALS.alreadyPaused],
      [
        "cancelled",
        () => expectOk(chargeRefused(started(), charge(NOW), NOW)),
        SUBSCRIPTION_REFUSALS.cancelled,
      ],
      [
        "past due",
        () => expectOk(chargeRefused(active(), charge(at(2026, 12, 1)), at(2026, 12, 1))),
        SUBSCRIPTION_REFUSALS.pastDue,
      ],
      [
        "with a cancellation scheduled",
        () => expectOk(cancel(active(), "caro", NOW)),
        SUBSCRIPTION_REFUSALS.cancellationScheduled,
      ],
    ])("refuses to pause a %s subscription", (_, make, reason) => {
      expect(reasonOf(pause(make(), null, NOW))).toBe(reason)
    })

    it("resumes on its return day, by the daily job", () => {
      const paused = expectOk(pause(active(), { year: 2027, month: 1, day: 10 }, NOW))
      expect(reasonOf(endDuePeriods(paused, at(2027, 1, 9)))).toBe(SUBSCRIPTION_REFUSALS.nothingDue)
      expect(expectOk(endDuePeriods(paused, at(2027, 1, 10, 0)))).toMatchObject({
        status: "active",
        pausedUntil: null,
        events: ["SubscriptionResumed"],
      })
    })

    it("cancels an open-ended pause left for 180 days", () => {
      const paused = expectOk(pause(active(), null, NOW))
      expect(endDuePeriods(paused, NOW + 179 * 86_400_000).ok).toBe(false)
      expect(expectOk(endDuePeriods(paused, NOW + 180 * 86_400_000))).toMatchObject({
        status: "cancelled",
        events: ["SubscriptionCancelled"],
      })
    })

    it("is reactivated by the collector", () => {
      expect(expectOk(reactivate(expectOk(pause(active(), null, NOW))))).toMatchObject({
        status: "active",
        events: ["SubscriptionResumed"],
      })
    })

    it("tells the collector's own reactivation apart from a pause that ended (only the first is confirmed by e-mail)", () => {
      const byOf = (t: SubscriptionTransition) =>
        t.ok ? t.events.map((e) => (e.payload as { by?: string }).by) : null
      expect(byOf(reactivate(expectOk(pause(active(), null, NOW))))).toEqual(["collector"])
      expect(byOf(reactivate(expectOk(cancel(active(), "Vou economizar", NOW))))).toEqual(["collector"])
      const dated = expectOk(pause(active(), { year: 2027, month: 1, day: 10 }, NOW))
      expect(byOf(endDuePeriods(dated, at(2027, 1, 10, 0)))).toEqual([undefined])
    })
  })

  it("announces a new card, after the resumption when it ends a dunning pause", () => {
    expect(expectOk(cardChanged(active(), { lastFour: "6351", paymentMethodId: "master" })).events).toEqual([
      "SubscriptionCardChanged",
    ])
  })

  describe("cancellation", () => {
    it("takes effect at the end of the paid period, staying active until then", () => {
      const s = expectOk(cancel(active(2), "  Muito caro  ", NOW))
      expect(s).toMatchObject({
        status: "active",
        cancelAt: at(2027, 1, 1, 0),
        cancelReason: "Muito caro",
        events: ["SubscriptionCancellationScheduled"],
      })
      expect(nextBillingDate(s)).toBeNull()
      expect(endDuePeriods(s, at(2026, 12, 31, 23)).ok).toBe(false)
      expect(expectOk(endDuePeriods(s, at(2027, 1, 1, 0)))).toMatchObject({
        status: "cancelled",
        cancelledAt: at(2027, 1, 1, 0),
        events: ["SubscriptionCancelled"],
      })
    })

    it("is immediate when the account is deleted, even with a period paid ahead or a cancellation scheduled", () => {
      for (const s of [active(2), expectOk(cancel(active(2), "caro", NOW))])
        expect(expectOk(cancelWithAccount(s, NOW))).toMatchObject({
          status: "cancelled",
          cancelAt: null,
          cancelledAt: NOW,
          cancelReason: "Conta excluída",
          events: ["SubscriptionCancelled"],
        })
      const cancelled = expectOk(cancelWithAccount(active(), NOW))
      expect(reasonOf(cancelWithAccount(cancelled, NOW))).toBe(SUBSCRIPTION_REFUSALS.cancelled)
    })

    it("is immediate when nothing is paid ahead", () => {
      expect(expectOk(cancel(started(), "desisti", NOW))).toMatchObject({ status: "cancelled" })
    })

    it("needs a reason, and happens once", () => {
      expect(reasonOf(cancel(active(), "   ", NOW))).toBe(SUBSCRIPTION_REFUSALS.reasonRequired)
      const scheduled = expectOk(cancel(active(), "caro", NOW))
      expect(reasonOf(cancel(scheduled, "caro", NOW))).toBe(SUBSCRIPTION_REFUSALS.cancellationScheduled)
    })

    it("is undone by reactivating before it takes effect", () => {
      const s = expectOk(reactivate(expectOk(cancel(active(), "caro", NOW))))
      expect(s).toMatchObject({ status: "active", cancelAt: null, cancelReason: null })
      expect(nextBillingDate(s)).toEqual({ year: 2026, month: 12, day: 1 })
    })

    it("is final", () => {
      const cancelled = expectOk(cancel(started(), "desisti", NOW))
      for (const t of [
        reactivate(cancelled),
        chargeApproved(cancelled, charge(NOW)),
        pause(cancelled, null, NOW),
        cardChanged(cancelled, { lastFour: null, paymentMethodId: null }),
      ])
        expect(reasonOf(t)).toBe(SUBSCRIPTION_REFUSALS.cancelled)
    })
  })

  it("refuses to reactivate what needs no reactivation", () => {
    expect(reasonOf(reactivate(active()))).toBe(SUBSCRIPTION_REFUSALS.alreadyActive)
    expect(reasonOf(reactivate(started()))).toBe(SUBSCRIPTION_REFUSALS.notActive)
  })
})
