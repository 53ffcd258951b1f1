import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { domainEvent } from "../../domain/events"
import { admin } from "../../tests/fakes/fulfilmentWorld"
import { anAttempt, aPaidOrder } from "../../tests/fakes/orderFixtures"
import { ana, bruno } from "../../tests/fakes/ordersWorld"
import { subscriptionsWorld } from "../../tests/fakes/subscriptionsWorld"
import { advanceOrder } from "../fulfilment/advanceOrder"
import { issueCertificatesHandler } from "../fulfilment/certificateHandlers"
import { OrderStore } from "../ports/OrderStore"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { cancelSubscription } from "./cancelSubscription"
import { changeSubscriptionCard } from "./changeSubscriptionCard"
import { coverPlanMonthsHandler } from "./coverPlanMonths"
import { endPlanCoverageHandler } from "./endPlanCoverage"
import { endSubscriptionPeriods } from "./endSubscriptionPeriods"
import { fulfilPlanMonths } from "./fulfilPlanMonths"
import { getMySubscriptions } from "./getMySubscriptions"
import { pauseSubscription } from "./pauseSubscription"
import { reactivateSubscription } from "./reactivateSubscription"
import { reconcileSubscriptions } from "./reconcileSubscriptions"
import { refundUnusedChargeHandler } from "./refundUnusedCharge"
import { stopGatewayChargesHandler } from "./stopGatewayCharges"
import { subscribe } from "./subscribe"
import { subscriptionNotifiedHandler } from "./subscriptionNotifications"
import { updatePlanSettings } from "./updatePlanSettings"

const at = (month: number, day: number, hour = 10, year = 2026) => saoPauloInstant({ year, month, day }, hour)
const NOV_3 = at(11, 3)
const handlers = [subscriptionNotifiedHandler, coverPlanMonthsHandler, stopGatewayChargesHandler]

const subscribed = async (over: Parameters<ReturnType<typeof subscriptionsWorld>["input"]>[0] = {}) => {
  const w = subscriptionsWorld({ now: NOV_3, cards: { FUND: "refuse", BAD: "refuse-authorisation" } })
  const answer = await w.ok(subscribe(w.input(over)))
  await w.handle(handlers)
  return { w, answer }
}

/** The gateway's notification of a charge, stored as the webhook route stores it. */
const notified = (chargeId: string) =>
  domainEvent("PaymentNotified", chargeId, { topic: "subscription_authorized_payment", resourceId: chargeId })

describe("subscribing", () => {
  it("commits the subscription, authorises the card once, and answers active when the first charge is approved", async () => {
    const { w, answer } = await subscribed()
    expect(answer.status).toBe("active")
    const [s] = w.subs.subscriptions()
    expect(s).toMatchObject({
      status: "active",
      amount: 29990,
      coveredFrom: "2026-11",
      coveredThrough: "2026-11",
    })
    expect(w.gateway.callsOf("createPreapproval")).toHaveLength(1)
    expect(w.gateway.callsOf("createPreapproval")[0]?.args).toMatchObject({
      amount: 29990,
      frequencyMonths: 1,
      reason: "Legendarium — Plano Mensal — Anime",
      payerEmail: ana.email,
    })
  })

  it("ships the month at once: a paid subscription order of total 0 with free shipping and a numbered unit", async () => {
    const { w } = await subscribed()
    const [order] = w.db.orders()
    expect(order).toMatchObject({
      kind: "subscription",
      status: "paid",
      userId: ana.id,
      shipsOn: { year: 2026, month: 11, day: 30 },
      address: { zipCode: "01310100" },
      cpf: "52998224725",
    })
    expect(order?.totals.total).toBe(0)
    expect(order?.shipping.price).toBe(0)
    expect(order?.lines[0]).toMatchObject({ productId: w.characters[2]?.id, unitPrice: 29990, serials: [1] })
    expect(w.subs.entitlements()).toEqual([
      expect.objectContaining({
        collectionId: w.anime.id,
        month: "2026-11",
        startsAt: NOV_3,
        endsAt: at(12, 1, 0),
      }),
    ])
  })

  it("makes one subscription and one gateway call for ten concurrent requests with one key", async () => {
    const w = subscriptionsWorld({ now: NOV_3 })
    const answers = await Promise.all(Array.from({ length: 10 }, () => w.ok(subscribe(w.input()))))
    expect(new Set(answers.map((a) => a.subscriptionId)).size).toBe(1)
    expect(w.subs.subscriptions()).toHaveLength(1)
    expect(w.gateway.callsOf("createPreapproval")).toHaveLength(1)
  })

  it("asks a visitor to sign in, and refuses an unknown plan or a second subscription of the collection", async () => {
    const { w } = await subscribed()
    expect((await w.fails(subscribe(w.input()), null))._tag).toBe("SignInToSubscribe")
    expect(
      (await w.fails(subscribe(w.input({ idempotencyKey: "sub-key-0000000002", planId: "annual" }))))._tag,
    ).toBe("PlanNotFound")
    expect(await w.fails(subscribe(w.input({ idempotencyKey: "sub-key-0000000003" })))).toMatchObject({
      _tag: "SubscriptionRefused",
    })
  })

  it("tells the gateway's refusal and ends the subscription, so a new try can start over", async () => {
    const w = subscriptionsWorld({ now: NOV_3, cards: { BAD: "refuse-authorisation" } })
    const error = await w.fails(
      subscribe(w.input({ card: { token: "BAD", paymentMethodId: "visa", issuerId: null } })),
    )
    expect(error).toMatchObject({
      _tag: "SubscriptionFailed",
      action: "create",
      detail: "Cartão recusado pelo emissor",
    })
    expect(w.subs.subscriptions()[0]?.status).toBe("cancelled")
    expect((await w.ok(subscribe(w.input({ idempotencyKey: "sub-key-0000000009" })))).status).toBe("active")
  })

  it("ends a sign-up the gateway cannot be reached for, and cancels an authorisation made after all", async () => {
    const w = subscriptionsWorld({ now: NOV_3 })
    w.gateway.setDown(true)
    expect(await w.fails(subscribe(w.input()))).toMatchObject({
      _tag: "SubscriptionFailed",
      action: "process",
    })
    expect(w.gateway.callsOf("createPreapproval")).toHaveLength(2)
    const [s] = w.subs.subscriptions()
    expect(s?.status).toBe("cancelled")
    // The gateway had made it (the answer was lost): its webhook comes, and the authorisation is cancelled.
    w.gateway.setDown(false)
    const made = await w.ok(
      SubscriptionGateway.use((g) =>
        g.createPreapproval({
          subscriptionId: s?.id ?? "",
          reason: "x",
          amount: 29990,
          frequencyMonths: 1,
          payerEmail: ana.email,
          cardToken: "APRO",
          backUrl: "",
          notificationUrl: "",
        }),
      ),
    )
    w.events.push(
      domainEvent("PaymentNotified", made.id, { topic: "subscription_preapproval", resourceId: made.id }),
    )
    await w.handle(handlers)
    expect(w.gateway.preapprovals()[0]?.status).toBe("cancelled")
  })

  it("ends at once a subscription whose first charge is refused", async () => {
    const { w, answer } = await subscribed({
      card: { token: "FUND", paymentMethodId: "visa", issuerId: null },
    })
    expect(answer.status).toBe("cancelled")
    expect(w.gateway.preapprovals()[0]?.status).toBe("cancelled")
    expect(w.db.orders()).toHaveLength(0)
    expect(w.subs.entitlements()).toHaveLength(0)
  })

  it("tells why the first charge was refused, sending the collector to another card only", async () => {
    const { w } = await subscribed({
      card: { token: "FUND", paymentMethodId: "visa", issuerId: null },
    })
    const { subscriptions } = await w.ok(getMySubscriptions())
    expect(subscriptions[0]?.charges.map((c) => c.reason)).toEqual([
      "O cartão não tem limite suficiente. Use outro cartão.",
    ])
  })
})

describe("charges from the gateway", () => {
  it("applies a renewal once, whatever duplicates and order the notifications come in", async () => {
    const { w } = await subscribed()
    const [s] = w.subs.subscriptions()
    w.setNow(at(12, 1, 6))
    const renewal = w.gateway.renew(s?.preapprovalId ?? "", at(12, 1, 6))
    if (!renewal) throw new Error("no renewal")
    await w.ok(w.db.write(() => void 0))
    const events = [notified(renewal.id), notified(renewal.id), notified("ch-unknown")]
    w.events.push(...events)
    await w.handle(handlers)
    await w.handle(handlers, [{ ...notified(renewal.id), id: "again", occurredAt: 0 }])
    expect(w.subs.subscription(s?.id ?? "")?.coveredThrough).toBe("2026-12")
    expect(w.eventTypes().filter((t) => t === "SubscriptionRenewed")).toHaveLength(1)
    expect(w.subs.months().map((m) => m.month)).toEqual(["2026-11", "2026-12"])
    expect(w.db.orders().filter((o) => o.kind === "subscription")).toHaveLength(2)
  })

  it("recovers a refused renewal on day 3 with a new card, and pauses after day 5 otherwise", async () => {
    const { w } = await subscribed()
    const [s] = w.subs.subscriptions()
    const id = s?.id ?? ""
    w.gateway.setCard("APRO", "refuse")
    w.setNow(at(12, 1, 6))
    const refused = w.gateway.renew(s?.preapprovalId ?? "", at(12, 1, 6))
    w.events.push(notified(refused?.id ?? ""))
    await w.handle(handlers)
    expect(w.subs.subscription(id)).toMatchObject({ status: "past_due", retryOn: { day: 3 } })
    expect(w.eventTypes()).toContain("SubscriptionChargeFailed")

    w.setNow(at(12, 2))
    await w.ok(
      changeSubscriptionCard({ id, card: { token: "NEW", paymentMethodId: "visa", issuerId: null } }),
    )
    expect(w.gateway.callsOf("updatePreapproval").at(-1)?.args).toMatchObject({
      change: { cardToken: "NEW" },
    })
    w.setNow(at(12, 3, 6))
    const retried = w.gateway.retry(refused?.id ?? "", at(12, 3, 6))
    w.events.push(notified(retried?.id ?? ""))
    await w.handle(handlers)
    expect(w.subs.subscription(id)).toMatchObject({
      status: "active",
      coveredThrough: "2026-12",
      retryOn: null,
    })
    expect(w.db.orders().find((o) => o.shipsOn?.month === 12)?.shipsOn).toEqual({
      year: 2026,
      month: 12,
      day: 30,
    })
  })

  it("pauses after the last try fails, with the month unpaid and unshipped", async () => {
    const { w } = await subscribed()
    const [s] = w.subs.subscriptions()
    w.gateway.setCard("APRO", "refuse")
    const first = w.gateway.renew(s?.preapprovalId ?? "", at(12, 1, 6))
    for (const day of [3, 5]) w.gateway.retry(first?.id ?? "", at(12, day, 6))
    // Only the last try's notification arrives: it is the same charge, and it is final.
    w.setNow(at(12, 5, 7))
    w.events.push(notified(first?.id ?? ""))
    await w.handle(handlers)
    expect(w.subs.subscription(s?.id ?? "")).toMatchObject({ status: "paused", pausedBy: "dunning" })
    // The gateway stops charging the card until the collector changes it.
    expect(w.gateway.preapprovals()[0]?.status).toBe("paused")
    expect(w.db.orders()).toHaveLength(1)
  })

  it("finds a lost webhook's charge by reconciliation", async () => {
    const { w } = await subscribed()
    const [s] = w.subs.subscriptions()
    w.gateway.renew(s?.preapprovalId ?? "", at(12, 1, 6))
    w.setNow(at(12, 1, 12))
    expect(await w.ok(reconcileSubscriptions())).toEqual({ checked: 1 })
    await w.handle(handlers)
    expect(w.subs.subscription(s?.id ?? "")?.coveredThrough).toBe("2026-12")
    expect(w.db.orders()).toHaveLength(2)
  })
})

describe("bimonthly and prepaid months", () => {
  it("holds the unit of a month paid ahead and ships it when the month begins, once", async () => {
    const { w } = await subscribed({ planId: "bimonthly-plan" })
    const december = w.characters[3]?.id ?? ""
    expect(w.subs.months().map((m) => [m.month, m.heldProductId])).toEqual([
      ["2026-11", null],
      ["2026-12", december],
    ])
    expect(w.db.stock(december)).toMatchObject({ reserved: 1, sold: 0 })
    expect(w.db.orders()).toHaveLength(1)
    w.setNow(at(12, 1, 0, 2026) + 15 * 60_000)
    expect(await w.ok(fulfilPlanMonths())).toEqual({ due: 1, shipped: 1 })
    expect(await w.ok(fulfilPlanMonths())).toEqual({ due: 0, shipped: 0 })
    expect(w.db.stock(december)).toMatchObject({ reserved: 0, sold: 1 })
    expect(w.db.orders().map((o) => o.shipsOn?.month)).toEqual([11, 12])
  })

  it("serves a subscriber whose month sold out with a unit outside the numbered run", async () => {
    const w = subscriptionsWorld({ now: NOV_3 })
    w.db.setStock(w.characters[2]?.id ?? "", 5, { sold: 5 })
    await w.ok(subscribe(w.input()))
    await w.handle(handlers)
    expect(w.db.orders()[0]?.lines[0]).toMatchObject({ editionSize: null, serials: [] })
  })

  it("turns a paid prepaid plan into its months, the entitlement and the first shipment", async () => {
    const w = subscriptionsWorld({ now: at(11, 20) })
    const planOrder = "20000000-0000-4000-8000-000000000001"
    w.events.push(
      domainEvent("PrepaidPlanPaid", planOrder, {
        orderId: planOrder,
        userId: ana.id,
        collectionId: w.anime.id,
        planId: "quarterly",
        months: 3,
        paidAt: at(11, 20),
      }),
    )
    await w.handle(handlers)
    expect(w.subs.months().map((m) => m.month)).toEqual(["2026-12", "2027-01", "2027-02"])
    expect(w.subs.entitlements().map((e) => [e.month, e.startsAt, e.endsAt])).toEqual([
      ["2026-12", at(11, 20), at(1, 1, 0, 2027)],
      ["2027-01", at(1, 1, 0, 2027), at(2, 1, 0, 2027)],
      ["2027-02", at(2, 1, 0, 2027), at(3, 1, 0, 2027)],
    ])
    expect(w.subs.entitlements()[0]?.kind).toBe("prepaid")
    // December has not begun: nothing ships yet; its unit is held.
    expect(w.db.orders()).toHaveLength(0)
    w.setNow(at(12, 1, 1))
    await w.ok(fulfilPlanMonths())
    expect(w.db.orders()[0]).toMatchObject({
      kind: "subscription",
      shipsOn: { year: 2026, month: 12, day: 15 },
    })
  })

  it("shows a prepaid plan's payment as its charge in /assinatura", async () => {
    const w = subscriptionsWorld({ now: at(11, 20) })
    const planOrder = "20000000-0000-4000-8000-000000000001"
    const paidAt = at(11, 20)
    await w.ok(
      Effect.gen(function* () {
        const orders = yield* OrderStore
        yield* orders.insertIfNew(
          aPaidOrder({
            id: planOrder,
            userId: ana.id,
            paidAt,
            paidAttemptId: "attempt-pix",
            currentAttemptId: "attempt-pix",
            totals: {
              subtotal: 80973,
              discount: 0,
              coinsDiscount: 0,
              pixDiscount: 0,
              shipping: 0,
              total: 80973,
            },
          }),
          "plan-key",
          anAttempt({
            id: "attempt-pix",
            orderId: planOrder,
            method: "pix",
            amount: 80973,
            status: "approved",
          }),
        )
      }),
    )
    w.events.push(
      domainEvent("PrepaidPlanPaid", planOrder, {
        orderId: planOrder,
        userId: ana.id,
        collectionId: w.anime.id,
        planId: "quarterly",
        months: 3,
        paidAt,
      }),
    )
    await w.handle(handlers)
    const { subscriptions } = await w.ok(getMySubscriptions())
    expect(subscriptions[0]?.charges).toEqual([
      {
        id: "attempt-pix",
        status: "approved",
        statusLabel: "Aprovado",
        amount: 80973,
        chargedAt: paidAt,
        method: "pix",
        methodLabel: "PIX",
        months: ["2026-12", "2027-01", "2027-02"],
        reason: null,
      },
    ])
  })
})

describe("a charge that pays for nothing", () => {
  it("is refunded at the gateway once and recorded refunded when the subscription ended before it arrived", async () => {
    const { w } = await subscribed()
    const id = w.subs.subscriptions()[0]?.id ?? ""
    // The gateway's day-1 charge, made before the collector's cancellation reached it.
    const late = w.gateway.renew(w.subs.subscription(id)?.preapprovalId ?? "", at(12, 1, 0) + 60_000)
    await w.ok(cancelSubscription({ id, reason: "Vou economizar" }))
    if (!late) throw new Error("no renewal")
    w.setNow(at(12, 1, 0) + 5 * 60_000)
    await w.ok(endSubscriptionPeriods())
    expect(w.subs.subscription(id)?.status).toBe("cancelled")
    const all = [...handlers, refundUnusedChargeHandler]
    await w.handle(all)
    await w.handle(
      all,
      [notified(late.id), notified(late.id)].map((e, i) => ({ ...e, id: `n${i}`, occurredAt: 0 })),
    )
    expect(w.gateway.callsOf("refundCharge").map((c) => c.args)).toEqual([
      { chargeId: late.id, amount: null, idempotencyKey: `refund-charge-${late.id}` },
    ])
    expect(w.subs.charges().find((c) => c.id === late.id)).toMatchObject({ status: "refunded", months: [] })
    expect(w.subs.subscription(id)?.coveredThrough).toBe("2026-11")
    expect(w.db.orders()).toHaveLength(1)
    // The event redelivered: no second refund.
    const required = w.events.filter((e) => e.type === "SubscriptionChargeRefundRequired")
    expect(required).toHaveLength(1)
    await w.handle(
      all,
      required.map((e) => ({ ...e, id: "again", occurredAt: 0 })),
    )
    expect(w.gateway.callsOf("refundCharge")).toHaveLength(1)
  })
})

describe("a subscriber's numbered unit", () => {
  it("gets its certificate like a purchase, once whatever the redeliveries", async () => {
    const w = subscriptionsWorld({ now: NOV_3 })
    await w.ok(subscribe(w.input()))
    await w.handle([...handlers, issueCertificatesHandler])
    const [order] = w.db.orders()
    const serial = order?.lines[0]?.serials[0]
    expect(serial).toBeGreaterThan(0)
    expect(w.f.certificates()).toEqual([
      expect.objectContaining({ orderId: order?.id, serial, editionSize: 500, revokedAt: null }),
    ])
    const placed = w.events.filter((e) => e.type === "PlanMonthOrderPlaced")
    expect(placed).toHaveLength(1)
    await w.handle(
      [issueCertificatesHandler],
      placed.map((e, i) => ({ ...e, id: `again-${i}`, occurredAt: NOV_3 })),
    )
    expect(w.f.certificates()).toHaveLength(1)
  })
})

describe("a prepaid plan called off by the store", () => {
  const planOrder = "20000000-0000-4000-8000-000000000001"
  const planHandlers = [...handlers, endPlanCoverageHandler]
  /** Ana's quarterly plan paid on 20 November (December to February), on 2 December with December shipped. */
  const inDecember = async () => {
    const w = subscriptionsWorld({ now: at(11, 20) })
    w.events.push(
      domainEvent("PrepaidPlanPaid", planOrder, {
        orderId: planOrder,
        userId: ana.id,
        collectionId: w.anime.id,
        planId: "quarterly",
        months: 3,
        paidAt: at(11, 20),
      }),
    )
    await w.handle(planHandlers)
    w.setNow(at(12, 2))
    await w.ok(fulfilPlanMonths())
    const [january, february] = [w.characters[4]?.id ?? "", w.characters[5]?.id ?? ""]
    expect([w.db.stock(january), w.db.stock(february)]).toMatchObject([{ reserved: 1 }, { reserved: 1 }])
    return { w, january, february, december: w.db.orders()[0]?.id ?? "" }
  }
  const event = {
    cancelled: domainEvent("OrderReleased", planOrder, {
      orderId: planOrder,
      userId: ana.id,
      end: "cancelled",
      pieceBack: true,
    }),
    refunded: domainEvent("OrderReleased", planOrder, {
      orderId: planOrder,
      userId: ana.id,
      end: "refunded",
      pieceBack: true,
    }),
  }

  it("keeps the month in production, removes the months not begun with their entitlements and held units, once", async () => {
    const { w, january, february, december } = await inDecember()
    await w.ok(
      advanceOrder({ orderId: december, actionKey: "action-key-0001", step: "start_production" }),
      admin,
    )
    await w.handle(planHandlers, [{ ...event.cancelled, id: "ev-c", occurredAt: at(12, 2) }])
    expect(w.subs.months().map((m) => m.month)).toEqual(["2026-12"])
    expect(w.subs.entitlements().map((e) => e.month)).toEqual(["2026-12"])
    expect([w.db.stock(january), w.db.stock(february)]).toMatchObject([{ reserved: 0 }, { reserved: 0 }])
    expect(w.f.fulfilment(december)?.status).toBe("in_production")
    // Redelivered, even as if it had ended twice: nothing more changes.
    await w.handle(planHandlers, [
      { ...event.cancelled, id: "ev-c", occurredAt: at(12, 2) },
      { ...event.refunded, id: "ev-r", occurredAt: at(12, 2) },
    ])
    expect(w.subs.months().map((m) => m.month)).toEqual(["2026-12"])
    expect([w.db.stock(january), w.db.stock(february)]).toMatchObject([{ reserved: 0 }, { reserved: 0 }])
    w.setNow(at(1, 2, 10, 2027))
    expect(await w.ok(fulfilPlanMonths())).toEqual({ due: 0, shipped: 0 })
    expect(w.db.orders()).toHaveLength(1)
  })

  it("on a full refund cancels the month order still awaiting production and ends every month", async () => {
    const { w, december } = await inDecember()
    await w.handle(planHandlers, [{ ...event.refunded, id: "ev-r", occurredAt: at(12, 2) }])
    expect(w.f.fulfilment(december)?.status).toBe("cancelled")
    expect(w.subs.months()).toEqual([])
    expect(w.subs.entitlements()).toEqual([])
  })

  it("leaves a purchase's cancellation alone", async () => {
    const { w } = await inDecember()
    const other = "20000000-0000-4000-8000-000000000009"
    await w.handle(planHandlers, [
      {
        ...domainEvent("OrderReleased", other, {
          orderId: other,
          userId: ana.id,
          end: "cancelled",
          pieceBack: true,
        }),
        id: "ev-o",
        occurredAt: at(12, 2),
      },
    ])
    expect(w.subs.months()).toHaveLength(3)
  })
})

describe("the collector's changes", () => {
  it("pauses until a date and resumes on it, telling the gateway each time", async () => {
    const { w } = await subscribed()
    const id = w.subs.subscriptions()[0]?.id ?? ""
    await w.ok(pauseSubscription({ id, until: { year: 2027, month: 1, day: 10 } }))
    expect(w.gateway.callsOf("updatePreapproval").at(-1)?.args).toMatchObject({
      change: { status: "paused" },
    })
    w.setNow(at(1, 10, 0, 2027) + 5 * 60_000)
    expect(await w.ok(endSubscriptionPeriods())).toEqual({ due: 1, changed: 1 })
    expect(w.subs.subscription(id)?.status).toBe("active")
    expect(w.gateway.callsOf("updatePreapproval").at(-1)?.args).toMatchObject({
      change: { status: "authorized" },
    })
  })

  it("cancels at the end of the paid period, and reactivating before then takes it back", async () => {
    const { w } = await subscribed()
    const id = w.subs.subscriptions()[0]?.id ?? ""
    await w.ok(cancelSubscription({ id, reason: "Vou economizar" }))
    expect(w.subs.subscription(id)).toMatchObject({ status: "active", cancelAt: at(12, 1, 0) })
    await w.ok(reactivateSubscription({ id }))
    expect(w.subs.subscription(id)?.cancelAt).toBeNull()
    await w.ok(cancelSubscription({ id, reason: "Agora sim" }))
    w.setNow(at(12, 1, 0) + 5 * 60_000)
    await w.ok(endSubscriptionPeriods())
    expect(w.subs.subscription(id)?.status).toBe("cancelled")
    expect(
      w.gateway
        .callsOf("updatePreapproval")
        .map((c) => (c.args as { change: { status: string } }).change.status),
    ).toEqual(["paused", "authorized", "paused", "cancelled"])
  })

  it("changes nothing when the gateway fails, with the spec's message", async () => {
    const { w } = await subscribed()
    const id = w.subs.subscriptions()[0]?.id ?? ""
    w.gateway.setDown(true)
    expect(await w.fails(pauseSubscription({ id, until: null }))).toMatchObject({
      _tag: "SubscriptionFailed",
      action: "pause",
    })
    expect(w.subs.subscription(id)?.status).toBe("active")
  })

  it("refuses what the state machine refuses, in pt-BR", async () => {
    const { w } = await subscribed()
    const id = w.subs.subscriptions()[0]?.id ?? ""
    expect(await w.fails(reactivateSubscription({ id }))).toMatchObject({
      _tag: "SubscriptionRefused",
      message: "A assinatura já está ativa.",
    })
  })

  it("keeps another collector's subscription out of reach", async () => {
    const { w } = await subscribed()
    const id = w.subs.subscriptions()[0]?.id ?? ""
    const tags = [
      (await w.fails(pauseSubscription({ id, until: null }), bruno))._tag,
      (await w.fails(cancelSubscription({ id, reason: "x" }), bruno))._tag,
      (await w.fails(reactivateSubscription({ id }), bruno))._tag,
      (
        await w.fails(
          changeSubscriptionCard({ id, card: { token: "t", paymentMethodId: "visa", issuerId: null } }),
          bruno,
        )
      )._tag,
      (
        await w.fails(
          updatePlanSettings({ id, revealNotifications: false, newPlanNews: false, addressId: null }),
          bruno,
        )
      )._tag,
    ]
    expect(tags).toEqual(Array(5).fill("SubscriptionNotFound"))
    expect(w.gateway.callsOf("updatePreapproval")).toHaveLength(0)
  })

  it("ships to the address chosen in the settings, from the collector's own book only", async () => {
    const { w } = await subscribed({ planId: "bimonthly-plan" })
    const id = w.subs.subscriptions()[0]?.id ?? ""
    const other = w.db.addAddress(ana.id, { ...w.address, street: "Rua Augusta", zipCode: "01305000" }, false)
    await w.ok(updatePlanSettings({ id, revealNotifications: false, newPlanNews: true, addressId: other.id }))
    expect(
      await w.fails(
        updatePlanSettings({ id, revealNotifications: true, newPlanNews: true, addressId: "nope" }),
      ),
    ).toMatchObject({
      _tag: "SubscriptionRefused",
    })
    w.setNow(at(12, 1, 1))
    await w.ok(fulfilPlanMonths())
    expect(w.db.orders().at(-1)?.address.street).toBe("Rua Augusta")
  })
})
