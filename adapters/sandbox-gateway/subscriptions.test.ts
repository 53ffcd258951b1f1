import { randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Clock } from "../../application/ports/Clock"
import type { GatewayBilling } from "../../application/ports/GatewayBilling"
import { saoPauloInstant } from "../../domain/calendar"
import { storeJobs } from "../../server/storeJobs"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import { FixedClockLayer } from "../clock/SystemClock"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { verifyWebhookSignature } from "../mercadopago/webhookSignature"
import type { WebhookRequest } from "./notifier"
import { sandboxRoutes } from "./routes"
import { sandboxBank } from "./SandboxBank"
import { SandboxSubscriptionsLayer } from "./SandboxSubscriptionGateway"
import { type SandboxSubscriptions, sandboxSubscriptions } from "./SandboxSubscriptions"

const databases = await testDatabases()
const SECRET = "sandbox-secret-for-tests"
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
/** An instant in São Paulo. */
const at = (year: number, month: number, day: number, hour = 0, minute = 5) =>
  saoPauloInstant({ year, month, day }, hour, minute)

describe.each(databases)("sandbox subscriptions on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  const clock = { now: at(2026, 11, 20, 10) }
  const received: WebhookRequest[] = []
  const options = {
    publicUrl: "http://loja.test",
    webhookSecret: SECRET,
    notify: async (request: WebhookRequest) => {
      received.push(request)
      return { status: 200 }
    },
    now: () => clock.now,
    notifyRetryDelaysMs: [],
  }
  // Two server instances over one database, each with its own billing run.
  let one: SandboxSubscriptions
  let two: SandboxSubscriptions

  beforeAll(async () => {
    handle = await migrated(database)
    one = sandboxSubscriptions(handle.db, options)
    two = sandboxSubscriptions(handle.db, options)
  })
  afterAll(async () => {
    await one?.notificationsIdle()
    await two?.notificationsIdle()
    await handle?.close()
    await database.dispose()
  })

  const token = async (holder: string) => {
    const made = await run(
      sandboxBank(handle.db, options).tokenize({
        cardNumber: "5031433215406351",
        cardholderName: holder,
        expirationMonth: 11,
        expirationYear: 2030,
        securityCode: "123",
        cpf: "12345678909",
      }),
    )
    if (!made.ok) throw new Error(made.message)
    return made.token.id
  }
  const subscribe = async (holder: string, frequencyMonths: 1 | 2 = 1) =>
    run(
      one.createPreapproval({
        subscriptionId: randomUUID(),
        reason: "Legendarium — Plano — Heróis",
        amount: 29990,
        frequencyMonths,
        payerEmail: "assinante@example.com",
        cardToken: await token(holder),
        backUrl: "http://loja.test/assinatura",
        notificationUrl: "http://loja.test/api/mercadopago/webhook",
      }),
    )
  const swapCard = async (id: string, holder: string) =>
    run(one.updatePreapproval(id, { cardToken: await token(holder) }))
  /** The job at `when` on both instances at once, then once more on the first: what a busy day looks like. */
  const billAt = async (when: number) => {
    clock.now = when
    const runs = await Promise.all([run(one.chargeDue(when)), run(two.chargeDue(when))])
    const again = await run(one.chargeDue(when))
    return {
      charged: runs[0].charged + runs[1].charged + again.charged,
      retried: runs[0].retried + runs[1].retried + again.retried,
    }
  }
  const charges = (id: string) => run(one.chargesFor(id))

  it("renews on day 1 in São Paulo, once per cycle however many runs and instances, bimonthly every second month", async () => {
    clock.now = at(2026, 11, 20, 10)
    const monthly = await subscribe("APRO")
    const bimonthly = await subscribe("APRO", 2)
    const paused = await subscribe("APRO")
    await run(one.updatePreapproval(paused.id, { status: "paused" }))
    expect(monthly.nextChargeAt).toBe(at(2026, 12, 1, 0, 0))
    expect(bimonthly.nextChargeAt).toBe(at(2027, 1, 1, 0, 0))

    // 23:55 of Nov 30 in São Paulo is Dec 1 in UTC: not yet.
    expect(await billAt(at(2026, 11, 30, 23, 55))).toEqual({ charged: 0, retried: 0 })
    expect(await billAt(at(2026, 12, 1))).toEqual({ charged: 1, retried: 0 })
    expect(await charges(monthly.id)).toHaveLength(2)
    expect(await charges(bimonthly.id)).toHaveLength(1)
    expect(await charges(paused.id)).toHaveLength(1)
    expect(await billAt(at(2026, 12, 15))).toEqual({ charged: 0, retried: 0 })

    expect(await billAt(at(2027, 1, 1))).toEqual({ charged: 2, retried: 0 })
    expect(await charges(monthly.id)).toHaveLength(3)
    expect(await charges(bimonthly.id)).toHaveLength(2)
    await billAt(at(2027, 2, 1))
    expect(await charges(bimonthly.id)).toHaveLength(2)
    await billAt(at(2027, 3, 1))
    expect(await charges(bimonthly.id)).toHaveLength(3)
    const renewal = (await charges(monthly.id))[0]
    expect(renewal).toMatchObject({
      status: "approved",
      amount: 29990,
      retryAttempt: 0,
      chargedAt: at(2027, 3, 1),
    })
    expect(await charges(paused.id)).toHaveLength(1)
  })

  it("retries a refused renewal on days 3 and 5 with the card it has then, and not after", async () => {
    clock.now = at(2027, 4, 10, 10)
    const preapproval = await subscribe("APRO")
    await swapCard(preapproval.id, "FUND")
    await billAt(at(2027, 5, 1))
    const [renewal] = await charges(preapproval.id)
    expect(renewal).toMatchObject({ status: "rejected", statusDetail: "cc_rejected_insufficient_amount" })

    await billAt(at(2027, 5, 2, 23, 50))
    expect((await charges(preapproval.id))[0]).toMatchObject({ retryAttempt: 0 })
    await billAt(at(2027, 5, 3))
    expect((await charges(preapproval.id))[0]).toMatchObject({
      id: renewal?.id,
      status: "rejected",
      retryAttempt: 1,
      chargedAt: at(2027, 5, 3),
    })
    await billAt(at(2027, 5, 4, 12))
    expect((await charges(preapproval.id))[0]).toMatchObject({ retryAttempt: 1 })
    await billAt(at(2027, 5, 5))
    expect((await charges(preapproval.id))[0]).toMatchObject({ retryAttempt: 2, status: "rejected" })
    await billAt(at(2027, 5, 7))
    expect((await charges(preapproval.id))[0]).toMatchObject({ retryAttempt: 2 })
    expect(await charges(preapproval.id)).toHaveLength(2)
  })

  it("recovers a refused renewal on day 3 when the card was swapped before", async () => {
    clock.now = at(2027, 5, 20, 10)
    const preapproval = await subscribe("APRO")
    await swapCard(preapproval.id, "OTHE")
    await billAt(at(2027, 6, 1))
    await swapCard(preapproval.id, "APRO")
    await billAt(at(2027, 6, 3))
    const [renewal] = await charges(preapproval.id)
    expect(renewal).toMatchObject({ status: "approved", statusDetail: "accredited", retryAttempt: 1 })
    await billAt(at(2027, 6, 5))
    expect((await charges(preapproval.id))[0]).toMatchObject({ status: "approved", retryAttempt: 1 })
  })

  it("refunds an approved charge in part or in full, again harmlessly, and never a refused one", async () => {
    clock.now = at(2027, 9, 10, 10)
    const approved = await subscribe("APRO")
    const [charge] = await charges(approved.id)
    expect(charge?.status).toBe("approved")
    // A month's share first: the charge stays approved, part of it given back; then the rest of it.
    await run(one.refundCharge(charge?.id ?? "", 100, "k0"))
    expect((await charges(approved.id))[0]).toMatchObject({
      status: "approved",
      statusDetail: "partially_refunded",
    })
    expect(
      await run(Effect.flip(one.refundCharge(charge?.id ?? "", charge?.amount ?? 0, "k3"))),
    ).toMatchObject({
      _tag: "GatewayPaymentNotFound",
    })
    await run(one.refundCharge(charge?.id ?? "", null, "k1"))
    await run(one.refundCharge(charge?.id ?? "", null, "k1"))
    expect((await charges(approved.id))[0]).toMatchObject({ status: "refunded", statusDetail: "refunded" })
    const refused = await subscribe("FUND")
    const [rejected] = await charges(refused.id)
    expect(await run(Effect.flip(one.refundCharge(rejected?.id ?? "", null, "k2")))).toMatchObject({
      _tag: "GatewayPaymentNotFound",
    })
    expect(await run(Effect.flip(one.refundCharge(rejected?.id ?? "", 100, "k4")))).toMatchObject({
      _tag: "GatewayPaymentNotFound",
    })
  })

  it("retries neither a refused sign-up charge nor a paused preapproval's renewal", async () => {
    clock.now = at(2027, 7, 1, 10)
    const refusedAtSignUp = await subscribe("FUND")
    await billAt(at(2027, 7, 3))
    expect((await charges(refusedAtSignUp.id))[0]).toMatchObject({ status: "rejected", retryAttempt: 0 })

    clock.now = at(2027, 7, 10, 10)
    const pausedLater = await subscribe("APRO")
    await swapCard(pausedLater.id, "FUND")
    await billAt(at(2027, 8, 1))
    await run(one.updatePreapproval(pausedLater.id, { status: "paused" }))
    await billAt(at(2027, 8, 3))
    expect((await charges(pausedLater.id))[0]).toMatchObject({ status: "rejected", retryAttempt: 0 })
  })

  it("announces each change through the signed webhook with Mercado Pago's subscription topics", async () => {
    await one.notificationsIdle()
    await two.notificationsIdle()
    received.length = 0
    clock.now = at(2027, 9, 20, 10)
    const preapproval = await subscribe("APRO")
    await run(one.updatePreapproval(preapproval.id, { status: "paused" }))
    await run(one.updatePreapproval(preapproval.id, { status: "paused" }))
    await run(one.updatePreapproval(preapproval.id, { status: "authorized" }))
    await billAt(at(2027, 10, 1))
    await one.notificationsIdle()
    await two.notificationsIdle()
    const [renewal, signUp] = await charges(preapproval.id)
    const mine = new Set([preapproval.id, renewal?.id, signUp?.id])
    const seen = received.map((r) => {
      const url = new URL(r.path, "http://x")
      const check = verifyWebhookSignature({
        secret: SECRET,
        xSignature: r.headers["x-signature"],
        xRequestId: r.headers["x-request-id"],
        dataIdFromQuery: url.searchParams.get("data.id"),
        now: clock.now,
        // Signed at the sandbox clock of each change, months apart in this test.
        toleranceMs: 2 * 365 * 86_400_000,
      })
      expect(check).toEqual({ ok: true })
      const body = JSON.parse(r.body) as { type: string; action: string; data: { id: string } }
      expect(body.type).toBe(url.searchParams.get("type"))
      return mine.has(body.data.id) ? `${body.type} ${body.action} ${body.data.id}` : null
    })
    // Renewals of earlier tests' preapprovals are announced too; this one's are these, in order, and a
    // status set twice is announced once.
    expect(seen.filter((s) => s !== null)).toEqual([
      `subscription_preapproval created ${preapproval.id}`,
      `subscription_authorized_payment created ${signUp?.id}`,
      `subscription_preapproval updated ${preapproval.id}`,
      `subscription_preapproval updated ${preapproval.id}`,
      `subscription_authorized_payment created ${renewal?.id}`,
    ])
  })

  it("runs as the store's scheduled job on the Clock port", async () => {
    clock.now = at(2027, 11, 20, 10)
    const preapproval = await subscribe("APRO")
    const job = storeJobs.find((j) => j.name === "subscriptions.gatewayBilling")
    expect(job).toBeDefined()
    const layer = Layer.merge(
      SandboxSubscriptionsLayer(options).pipe(Layer.provide(Db.fromHandle(handle))),
      FixedClockLayer(at(2027, 12, 1, 0, 10)),
    )
    const once = job?.run as Effect.Effect<unknown, unknown, GatewayBilling | Clock>
    await run(Effect.provide(once, layer))
    await run(Effect.provide(once, layer))
    expect(await charges(preapproval.id)).toHaveLength(2)
    expect((await charges(preapproval.id))[0]?.chargedAt).toBe(at(2027, 12, 1, 0, 10))
  })

  it("lets a developer charge a renewal or a retry at once from the preapproval's page, same origin only", async () => {
    const routes = sandboxRoutes({
      bank: sandboxBank(handle.db, options),
      subscriptions: one,
      sameOrigin: (r) => r.headers.get("origin") === options.publicUrl,
      owns: async () => true,
    })
    const press = (id: string, action: string, origin = options.publicUrl) =>
      routes.request(`/assinaturas/${id}/${action}`, { method: "POST", headers: { origin } })
    clock.now = at(2028, 1, 10, 10)
    const preapproval = await subscribe("APRO")
    const page = await routes.request(`/assinaturas/${preapproval.id}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Autorizada")
    expect((await press(preapproval.id, "simular-renovacao", "https://evil.example")).status).toBe(403)

    const renewed = await press(preapproval.id, "simular-renovacao")
    expect(renewed.status).toBe(303)
    expect(renewed.headers.get("location")).toContain("aviso=renewed")
    expect((await charges(preapproval.id)).map((c) => c.status)).toEqual(["approved", "approved"])
    // February's renewal was made early: February's run charges nothing more for it.
    await billAt(at(2028, 2, 1))
    expect(await charges(preapproval.id)).toHaveLength(2)

    await swapCard(preapproval.id, "FUND")
    await press(preapproval.id, "simular-renovacao")
    expect((await charges(preapproval.id))[0]).toMatchObject({ status: "rejected", retryAttempt: 0 })
    await press(preapproval.id, "simular-nova-tentativa")
    const last = await press(preapproval.id, "simular-nova-tentativa")
    expect(last.headers.get("location")).toContain("aviso=retried")
    expect((await charges(preapproval.id))[0]).toMatchObject({ status: "rejected", retryAttempt: 2 })
    const spent = await press(preapproval.id, "simular-nova-tentativa")
    expect(spent.headers.get("location")).toContain("aviso=nothing_to_retry")

    await run(one.updatePreapproval(preapproval.id, { status: "paused" }))
    const refused = await press(preapproval.id, "simular-renovacao")
    expect(refused.headers.get("location")).toContain("aviso=not_authorized")
    expect(await charges(preapproval.id)).toHaveLength(3)
    expect((await routes.request("/assinaturas/0000")).status).toBe(404)
  })
})
