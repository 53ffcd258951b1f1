import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { inMemoryNotifications } from "../../tests/fakes/inMemoryNotifications"
import { ana } from "../../tests/fakes/ordersWorld"
import { receiveVerifiedWebhook, recordUnappliedWebhook } from "../orders/webhookReceipts"
import type { AdminPaymentRow } from "../ports/AdminPaymentQueries"
import { Clock } from "../ports/Clock"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { listAdminPayments, listSubscriptionCharges, listWebhookReceipts } from "./listAdminPayments"

const NOV_20 = saoPauloInstant({ year: 2026, month: 11, day: 20 }, 23, 30)
const payment = (n: number, over: Partial<AdminPaymentRow> = {}): AdminPaymentRow => ({
  id: `p${n}`,
  orderId: `o${n}`,
  orderNumber: `LG-2026-00000${n}`,
  method: "card",
  amount: 29990,
  installments: 3,
  status: "approved",
  statusDetail: "accredited",
  gatewayPaymentId: `mp-${n}`,
  paymentMethodId: "master",
  cardLastFour: "6351",
  createdAt: NOV_20 + n * 3_600_000,
  updatedAt: NOV_20,
  ...over,
})

function world() {
  const store = inMemoryNotifications({
    customers: [],
    collections: {},
    payments: [
      payment(0),
      payment(1, { method: "pix", status: "pending", installments: 1, cardLastFour: null }),
    ],
    subscriptionCharges: [0, 1, 2].map((n) => ({
      id: `ap-${n}`,
      subscriptionId: "s1",
      customerEmail: "ana@example.com",
      collectionName: "Lendas do Anime",
      planId: "monthly-plan",
      status: n === 1 ? "rejected" : "approved",
      statusDetail: n === 1 ? "cc_rejected_insufficient_amount" : "accredited",
      amount: 29990,
      retryAttempt: 0,
      months: [`2026-${String(9 + n).padStart(2, "0")}`],
      chargedAt: NOV_20 - (3 - n) * 30 * 86_400_000,
    })),
  })
  const events = inMemoryEvents([store.participant])
  const layer = Layer.mergeAll(
    store.layer,
    events.layer,
    Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(NOV_20) })),
  )
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null = moderator) => {
    const exit = await Effect.runPromiseExit(
      effect.pipe(
        Effect.provideService(CurrentUser, CurrentUser.of({ viewer })),
        Effect.provide(layer),
      ) as Effect.Effect<A, E>,
    )
    if (Exit.isSuccess(exit)) return exit.value
    throw new Error(Cause.pretty(exit.cause))
  }
  const fails = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null) =>
    ok(Effect.flip(effect), viewer)
  return { store, events, ok, fails }
}

describe("the payments screen", () => {
  it("lists gateway payments for a moderator, filtered by status, method, São Paulo day and search", async () => {
    const w = world()
    expect((await w.ok(listAdminPayments({}))).total).toBe(2)
    expect((await w.ok(listAdminPayments({ status: "pending" }))).rows.map((r) => r.id)).toEqual(["p1"])
    expect((await w.ok(listAdminPayments({ method: "card" }))).rows.map((r) => r.id)).toEqual(["p0"])
    // 23:30 on the 20th in São Paulo is the 21st in UTC: the day filter reads São Paulo days.
    expect(
      (await w.ok(listAdminPayments({ from: "2026-11-20", to: "2026-11-20" }))).rows.map((r) => r.id),
    ).toEqual(["p0"])
    expect((await w.ok(listAdminPayments({ q: "lg-2026-000001" }))).rows.map((r) => r.id)).toEqual(["p1"])
    expect((await w.ok(listAdminPayments({ q: "mp-0" }), admin)).rows.map((r) => r.id)).toEqual(["p0"])
  })

  it("lists the subscriptions' charges, newest first, filtered by status", async () => {
    const w = world()
    const all = await w.ok(listSubscriptionCharges({}))
    expect(all.rows.map((c) => c.id)).toEqual(["ap-2", "ap-1", "ap-0"])
    expect((await w.ok(listSubscriptionCharges({ status: "rejected" }))).rows.map((c) => c.id)).toEqual([
      "ap-1",
    ])
    expect(await w.fails(listSubscriptionCharges({}), ana)).toMatchObject({ _tag: "Forbidden" })
  })

  it("refuses a customer and a visitor, and a period that ends before it starts", async () => {
    const w = world()
    expect(await w.fails(listAdminPayments({}), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(listWebhookReceipts({}), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(listAdminPayments({}), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(await w.fails(listAdminPayments({ from: "2026-11-21", to: "2026-11-20" }), admin)).toMatchObject({
      _tag: "InvalidInput",
    })
  })
})

describe("webhook receipts", () => {
  it("stores a verified notification once for processing; its retry is a duplicate and records no event", async () => {
    const w = world()
    const n = { topic: "payment", resourceId: "mp-9", requestId: "req-1" }
    expect(await w.ok(receiveVerifiedWebhook(n))).toBe("applied")
    expect(await w.ok(receiveVerifiedWebhook(n))).toBe("duplicate")
    expect(await w.ok(receiveVerifiedWebhook({ ...n, topic: "merchant_order" }))).toBe("ignored")
    await w.ok(
      recordUnappliedWebhook({
        topic: "payment",
        dataId: null,
        signatureValid: false,
        outcome: "refused",
        reason: "mismatch",
      }),
    )
    expect(w.events.committed.map((e) => e.type)).toEqual(["PaymentNotified"])
    const listed = await w.ok(listWebhookReceipts({}))
    expect(listed.rows.map((r) => r.outcome)).toEqual(["refused", "ignored", "duplicate", "applied"])
    expect((await w.ok(listWebhookReceipts({ outcome: "refused" }))).total).toBe(1)
  })
})
