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
  it("sends the recurring plan payload of spec 002 §3, keyed by our subscription", async () => {
    const req = await request({ amount: 89990, frequencyMonths: 2 })
    await run(gateway().createPreapproval(req))
    const sent = lastRequest("POST", "/preapproval")
    expect(sent.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    expect(sent.headers["x-idempotency-key"]).toBe(req.subscriptionId)
    expect(sent.body).toEqual({
      reason: "Legendarium — Plano Mensal — Heróis",
      auto_recurring: {
        frequency: 2,
        frequency_type: "months",
        transaction_amount: 899.9,
        currency_id: "BRL",
        billing_day: 1,
        billing_day_proportional: true,
      },
      payer_email: "assinante@example.com",
      card_token_id: req.cardToken,
      back_url: "https://loja.example/assinatura",
      external_reference: req.subscriptionId,
      notification_url: "https://loja.example/api/mercadopago/webhook",
      status: "authorized",
    })
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
    await run(Effect.exit(gateway().refundCharge(charge?.id ?? "", "refund-charge-1")))
    const sent = lastRequest("POST", `/v1/payments/${paymentId}/refunds`)
    expect(sent.headers["x-idempotency-key"]).toBe("refund-charge-1")
    expect(sent.body).toEqual({})
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
