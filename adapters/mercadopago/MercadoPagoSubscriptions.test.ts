import { Effect } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { PreapprovalRequest } from "../../application/ports/SubscriptionGateway"
import { type FakeMercadoPago, startFakeMercadoPago } from "../../tests/fakes/mercadopago/fakeMercadoPago"
import { mercadoPagoSubscriptions } from "./MercadoPagoSubscriptions"
import { chargePaymentId, parsePreapproval, parseRecurringCharge } from "./subscriptionWire"

let fake: FakeMercadoPago
beforeAll(async () => {
  fake = await startFakeMercadoPago()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.behaviour = "ok"
})

const gateway = (over: { fetch?: typeof fetch } = {}) =>
  mercadoPagoSubscriptions({ accessToken: fake.accessToken, baseUrl: fake.baseUrl, timeoutMs: 1000, ...over })
const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e)
const failure = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(e))
const lastRequest = (method: string, path: string) =>
  [...fake.requests].reverse().find((r) => r.method === method && r.path === path)!

const request = async (over: Partial<PreapprovalRequest> = {}): Promise<PreapprovalRequest> => ({
  subscriptionId: `sub-${Date.now()}-${Math.random()}`,
  reason: "Legendarium — Plano Mensal — Heróis",
  amount: 49990,
  frequencyMonths: 1,
  payerEmail: "assinante@example.com",
  cardToken: await fake.cardToken("APRO"),
  backUrl: "https://loja.example/assinatura",
  notificationUrl: "https://loja.example/api/mercadopago/webhook",
  ...over,
})

describe("Mercado Pago subscriptions: what goes on the wire", () => {
  it("joins a plan billed on day 1 (spec 002 §3), made once per frequency and price, keyed by our subscription", async () => {
    const req = await request({ amount: 89990, frequencyMonths: 2 })
    await run(gateway().createPreapproval(req))
    const made = lastRequest("POST", "/preapproval_plan")
    expect(made.headers["x-idempotency-key"]).toBe("legendarium-plan-2m-89990-day1")
    expect(made.body).toEqual({
      reason: "Plano Bimestral — R$\u00a0899,90",
      auto_recurring: {
        frequency: 2,
        frequency_type: "months",
        transaction_amount: 899.9,
        currency_id: "BRL",
        billing_day: 1,
      },
      back_url: "https://loja.example/assinatura",
    })
    const sent = lastRequest("POST", "/preapproval")
    expect(sent.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    expect(sent.headers["x-idempotency-key"]).toBe(req.subscriptionId)
    expect(sent.body).toEqual({
      preapproval_plan_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      reason: "Legendarium — Plano Mensal — Heróis",
      external_reference: req.subscriptionId,
      payer_email: "assinante@example.com",
      card_token_id: req.cardToken,
      back_url: "https://loja.example/assinatura",
      status: "authorized",
    })
  })

  it("charges the monthly plan's first cycle in full: no pro rata", async () => {
    const preapproval = await run(gateway().createPreapproval(await request({ amount: 29990 })))
    expect(lastRequest("POST", "/preapproval_plan").body).toMatchObject({
      auto_recurring: { frequency: 1, billing_day: 1, billing_day_proportional: false },
    })
    const [first] = await run(gateway().chargesFor(preapproval.id))
    expect(first?.amount).toBe(29990)
  })

  it("finds the plan another instance made instead of making a second one", async () => {
    const plansMade = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/preapproval_plan")
    const amount = 45990
    await run(gateway().createPreapproval(await request({ amount })))
    const before = plansMade().length
    const first = lastRequest("POST", "/preapproval").body as { preapproval_plan_id: string }
    // A fresh adapter (a restarted or another instance) and a second sign-up at the same price.
    await run(gateway().createPreapproval(await request({ amount })))
    await run(gateway().createPreapproval(await request({ amount })))
    expect(plansMade()).toHaveLength(before)
    expect(lastRequest("POST", "/preapproval").body).toMatchObject({
      preapproval_plan_id: first.preapproval_plan_id,
    })
  })

  it("is refused by Mercado Pago (the fake) when it sends what /preapproval does not document", async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${fake.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      })
      return {
        status: response.status,
        body: (await response.json()) as { message: string; cause: unknown[] },
      }
    }
    // The payload this adapter used to send: the billing day belongs to /preapproval_plan only.
    const legacy = await post("/preapproval", {
      reason: "Legendarium — Plano Mensal — Heróis",
      auto_recurring: {
        frequency: 1,
        frequency_type: "months",
        transaction_amount: 299.9,
        currency_id: "BRL",
        billing_day: 1,
        billing_day_proportional: true,
      },
      payer_email: "assinante@example.com",
      card_token_id: await fake.cardToken("APRO"),
      back_url: "https://loja.example/assinatura",
      external_reference: "sub-legacy",
      notification_url: "https://loja.example/api/mercadopago/webhook?source_news=webhooks",
      status: "authorized",
    })
    expect(legacy.status).toBe(400)
    expect(legacy.body).toMatchObject({ status: 400, error: "bad_request" })
    expect(legacy.body.message).toContain("auto_recurring.billing_day")
    expect(legacy.body.message).toContain("auto_recurring.billing_day_proportional")
    expect(legacy.body.message).toContain("notification_url")
    // Pro rata is documented for monthly plans only.
    const bimonthly = await post("/preapproval_plan", {
      reason: "Plano Bimestral",
      auto_recurring: {
        frequency: 2,
        frequency_type: "months",
        transaction_amount: 499.9,
        currency_id: "BRL",
        billing_day: 1,
        billing_day_proportional: true,
      },
      back_url: "https://loja.example/assinatura",
    })
    expect(bimonthly.status).toBe(400)
  })

  it("puts only what changes, and searches a preapproval's charges page by page", async () => {
    const preapproval = await run(gateway().createPreapproval(await request()))
    const token = await fake.cardToken("APRO")
    await run(gateway().updatePreapproval(preapproval.id, { status: "paused", cardToken: token }))
    expect(lastRequest("PUT", `/preapproval/${preapproval.id}`).body).toEqual({
      status: "paused",
      card_token_id: token,
    })
    await run(gateway().updatePreapproval(preapproval.id, { status: "authorized" }))
    expect(lastRequest("PUT", `/preapproval/${preapproval.id}`).body).toEqual({ status: "authorized" })
    await run(gateway().chargesFor(preapproval.id))
    expect(Object.fromEntries(lastRequest("GET", "/authorized_payments/search").query)).toEqual({
      preapproval_id: preapproval.id,
      limit: "100",
      offset: "0",
    })
  })

  it("refunds a charge through the payment it made, with the refund's key", async () => {
    const preapproval = await run(gateway().createPreapproval(await request()))
    const [charge] = await run(gateway().chargesFor(preapproval.id))
    const invoice = await fetch(`${fake.baseUrl}/authorized_payments/${charge?.id}`, {
      headers: { authorization: `Bearer ${fake.accessToken}` },
    })
    const paymentId = chargePaymentId(await invoice.json())
    expect(paymentId).toMatch(/^\d+$/)
    // The fake keeps an invoice's payment on the invoice only, so its refund answers not found: the wire is what counts.
    await run(Effect.exit(gateway().refundCharge(charge?.id ?? "", null, "refund-charge-1")))
    const sent = lastRequest("POST", `/v1/payments/${paymentId}/refunds`)
    expect(sent.headers["x-idempotency-key"]).toBe("refund-charge-1")
    expect(sent.body).toEqual({})
    // A month's share: part of the payment, in reais.
    await run(Effect.exit(gateway().refundCharge(charge?.id ?? "", 24995, "refund-charge-1-2026-12")))
    const share = lastRequest("POST", `/v1/payments/${paymentId}/refunds`)
    expect(share.headers["x-idempotency-key"]).toBe("refund-charge-1-2026-12")
    expect(share.body).toEqual({ amount: 249.95 })
  })

  it("takes a refused plan for the store's set-up: unavailable, and no subscription is asked for", async () => {
    const refusingPlans: typeof fetch = async (input, init) => {
      const url = String(input)
      if (init?.method === "POST" && url.endsWith("/preapproval_plan"))
        return Response.json(
          { message: "back_url is required", error: "bad_request", status: 400, cause: [] },
          { status: 400 },
        )
      return fetch(input, init)
    }
    const req = await request({ amount: 12345 })
    expect(await failure(gateway({ fetch: refusingPlans }).createPreapproval(req))).toMatchObject({
      _tag: "GatewayUnavailable",
    })
    expect(
      fake.requests.some(
        (r) => r.path === "/preapproval" && r.headers["x-idempotency-key"] === req.subscriptionId,
      ),
    ).toBe(false)
  })

  it("looks for the plan again after a sign-up refused for another reason than the card", async () => {
    let refuseNext = false
    const sometimesRefused: typeof fetch = async (input, init) => {
      if (refuseNext && init?.method === "POST" && String(input).endsWith("/preapproval")) {
        refuseNext = false
        return Response.json(
          { message: "preapproval_plan_id not found", error: "not_found", status: 404, cause: [] },
          { status: 404 },
        )
      }
      return fetch(input, init)
    }
    const instance = gateway({ fetch: sometimesRefused })
    const searches = () => fake.requests.filter((r) => r.path.startsWith("/preapproval_plan/search")).length
    await run(instance.createPreapproval(await request({ amount: 33330 })))
    const afterFirst = searches()
    // Known to the instance: the next sign-up asks no one.
    await run(instance.createPreapproval(await request({ amount: 33330 })))
    expect(searches()).toBe(afterFirst)
    refuseNext = true
    expect(await failure(instance.createPreapproval(await request({ amount: 33330 })))).toMatchObject({
      _tag: "GatewayRefused",
      cardData: false,
    })
    await run(instance.createPreapproval(await request({ amount: 33330 })))
    expect(searches()).toBe(afterFirst + 1)
  })

  it("never puts the access token or a card token in a failure", async () => {
    const leaky: typeof fetch = async () => {
      throw new Error(`boom ${fake.accessToken} tok_secret_123`)
    }
    const error = await failure(
      gateway({ fetch: leaky }).createPreapproval(await request({ cardToken: "tok_secret_123" })),
    )
    expect(error).toMatchObject({ _tag: "GatewayUnavailable" })
    expect(JSON.stringify(error)).not.toContain(fake.accessToken)
    expect(JSON.stringify(error)).not.toContain("tok_secret_123")
    const swap = await failure(
      gateway({ fetch: leaky }).updatePreapproval("abc", { cardToken: "tok_secret_456" }),
    )
    expect(JSON.stringify(swap)).not.toContain("tok_secret_456")
  })

  it("reports 429 as unavailable and a refused sign-up as refused", async () => {
    fake.behaviour = "429"
    expect(await failure(gateway().getPreapproval("abc"))).toMatchObject({ _tag: "GatewayUnavailable" })
    fake.behaviour = "ok"
    expect(await failure(gateway().createPreapproval(await request({ payerEmail: "nope" })))).toMatchObject({
      _tag: "GatewayRefused",
      cardData: false,
    })
  })
})

describe("Mercado Pago subscription responses", () => {
  const preapproval = {
    id: "2c938084726fca480172750000000000",
    status: "authorized",
    external_reference: "sub-1",
    auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 299.9, currency_id: "BRL" },
    next_payment_date: "2026-12-01T00:00:00.000-03:00",
    payment_method_id: "master",
  }

  it("reads a preapproval, with no next charge once paused, and refuses what it cannot trust", () => {
    expect(parsePreapproval(preapproval)).toEqual({
      id: preapproval.id,
      subscriptionId: "sub-1",
      status: "authorized",
      amount: 29990,
      frequencyMonths: 1,
      nextChargeAt: Date.UTC(2026, 11, 1, 3),
      cardLastFour: null,
      paymentMethodId: "master",
    })
    expect(parsePreapproval({ ...preapproval, status: "paused" })?.nextChargeAt).toBeNull()
    expect(parsePreapproval({ ...preapproval, status: "finished" })).toBeNull()
    const weekly = { ...preapproval.auto_recurring, frequency_type: "days" }
    expect(parsePreapproval({ ...preapproval, auto_recurring: weekly })).toBeNull()
    const quarterly = { ...preapproval.auto_recurring, frequency: 3 }
    expect(parsePreapproval({ ...preapproval, auto_recurring: quarterly })).toBeNull()
  })

  it("reads an authorized payment by its payment's status, else by its own", () => {
    const invoice = {
      id: 6114264375,
      type: "scheduled",
      date_created: "2026-12-01T00:10:00.000-03:00",
      preapproval_id: preapproval.id,
      external_reference: 23546246234,
      transaction_amount: 10,
      debit_date: "2026-12-03T00:10:00.000-03:00",
      retry_attempt: 1,
      status: "processed",
      payment: { id: 123, status: "approved", status_detail: "accredited" },
    }
    expect(parseRecurringCharge(invoice)).toEqual({
      id: "6114264375",
      preapprovalId: preapproval.id,
      subscriptionId: "23546246234",
      status: "approved",
      statusDetail: "accredited",
      amount: 1000,
      chargedAt: Date.UTC(2026, 11, 3, 3, 10),
      retryAttempt: 1,
    })
    const { payment: _, ...scheduled } = invoice
    expect(parseRecurringCharge({ ...scheduled, status: "scheduled" })).toMatchObject({
      status: "pending",
      statusDetail: null,
    })
    expect(parseRecurringCharge({ ...scheduled, status: "recycling" })).toMatchObject({ status: "rejected" })
    expect(parseRecurringCharge({ ...scheduled, status: "something_new" })).toBeNull()
    expect(parseRecurringCharge({ ...invoice, transaction_amount: -1 })).toBeNull()
  })
})

describe("the fake's billing calendar, as Mercado Pago documents it", () => {
  // 7 Dec 2026, 10:00 in São Paulo.
  const signUpAt = Date.UTC(2026, 11, 7, 13)
  let clocked: FakeMercadoPago
  beforeAll(async () => {
    clocked = await startFakeMercadoPago({ now: () => signUpAt })
  })
  afterAll(() => clocked.close())

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${clocked.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${clocked.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    return (await response.json()) as { id: string; next_payment_date: string }
  }
  const charges = async (id: string) => {
    const response = await fetch(`${clocked.baseUrl}/authorized_payments/search?preapproval_id=${id}`, {
      headers: { authorization: `Bearer ${clocked.accessToken}` },
    })
    const { results } = (await response.json()) as {
      results: { transaction_amount: number; debit_date: string }[]
    }
    return results.map((r) => [r.transaction_amount, r.debit_date])
  }
  const recurring = { frequency: 1, frequency_type: "months", transaction_amount: 299.9, currency_id: "BRL" }

  it("prorates a monthly plan's first cycle up to its billing day on a 30-day month, then charges in full", async () => {
    const plan = await post("/preapproval_plan", {
      reason: "Plano Mensal",
      auto_recurring: { ...recurring, billing_day: 1, billing_day_proportional: true },
      back_url: "https://loja.example/assinatura",
    })
    const preapproval = await post("/preapproval", {
      preapproval_plan_id: plan.id,
      payer_email: "assinante@example.com",
      card_token_id: await clocked.cardToken("APRO"),
      status: "authorized",
    })
    expect(preapproval.next_payment_date).toBe("2027-01-01T00:00:00.000-03:00")
    clocked.subscriptions.renew(preapproval.id)
    expect(await charges(preapproval.id)).toEqual([
      [249.92, "2026-12-07T10:00:00.000-03:00"],
      [299.9, "2027-01-01T00:00:00.000-03:00"],
    ])
  })

  it("charges a plan without a billing day on its sign-up's day, and a start_date first on that date", async () => {
    const plain = await post("/preapproval", {
      auto_recurring: recurring,
      payer_email: "assinante@example.com",
      card_token_id: await clocked.cardToken("APRO"),
      status: "authorized",
    })
    expect(plain.next_payment_date).toBe("2027-01-07T10:00:00.000-03:00")
    const deferred = await post("/preapproval", {
      auto_recurring: { ...recurring, start_date: "2027-01-01T00:00:00.000-03:00" },
      payer_email: "assinante@example.com",
      card_token_id: await clocked.cardToken("APRO"),
      status: "authorized",
    })
    expect(await charges(deferred.id)).toEqual([])
    clocked.subscriptions.renew(deferred.id)
    expect(await charges(deferred.id)).toEqual([[299.9, "2027-01-01T00:00:00.000-03:00"]])
  })
})
