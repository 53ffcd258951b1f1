import { Effect } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { UNANSWERED_CLAIM_MS } from "../../application/orders/recoverInterruptedPayments"
import type { PaymentRequest } from "../../application/ports/PaymentGateway"
import { type FakeMercadoPago, startFakeMercadoPago } from "../../tests/fakes/mercadopago/fakeMercadoPago"
import { A_PAYMENT_ITEM, ITEMS_AND_DESCRIPTOR } from "../../tests/fakes/paymentItems"
import { MERCADO_PAGO_TIMEOUT_MS } from "./caller"
import { readApiError } from "./http"
import { mercadoPagoGateway } from "./MercadoPagoGateway"
import {
  concernsCard,
  notificationUrlFor,
  parseInstallments,
  parsePayment,
  preferenceBody,
  toMercadoPagoDate,
} from "./wire"

let fake: FakeMercadoPago
beforeAll(async () => {
  fake = await startFakeMercadoPago()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.behaviour = "ok"
})

const gateway = (over: { timeoutMs?: number; baseUrl?: string; fetch?: typeof fetch } = {}) =>
  mercadoPagoGateway({
    accessToken: fake.accessToken,
    publicKey: "TEST-public",
    baseUrl: fake.baseUrl,
    timeoutMs: 1000,
    ...over,
  })
const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e)
const failure = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(e))
const lastRequest = (path: string) => [...fake.requests].reverse().find((r) => r.path === path)!

const EXPIRES = Date.UTC(2026, 10, 27, 13, 30)
const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  attemptId: "attempt-1",
  orderId: "order-1",
  description: "Pedido LEG-0001",
  amount: 29990,
  method: "boleto",
  card: null,
  payer: {
    email: "c@example.com",
    firstName: "Ana",
    lastName: "Souza",
    cpf: "12345678909",
    address: {
      zipCode: "01001000",
      street: "Praça da Sé",
      number: "100",
      neighborhood: "Sé",
      city: "São Paulo",
      state: "SP",
    },
  },
  expiresAt: EXPIRES,
  notificationUrl: "https://loja.example/api/webhooks/mercadopago",
  ...ITEMS_AND_DESCRIPTOR,
  ...over,
})

describe("Mercado Pago adapter: what goes on the wire", () => {
  it("sends a boleto in Mercado Pago's format, with the attempt as idempotency key", async () => {
    await run(gateway().createPayment(request({ attemptId: `boleto-${Date.now()}` })))
    const sent = lastRequest("/v1/payments")
    expect(sent.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    expect(sent.headers["x-idempotency-key"]).toMatch(/^boleto-/)
    expect(sent.body).toEqual({
      transaction_amount: 299.9,
      description: "Pedido LEG-0001",
      external_reference: "order-1",
      notification_url: "https://loja.example/api/webhooks/mercadopago?source_news=webhooks",
      metadata: { attempt_id: sent.headers["x-idempotency-key"] },
      statement_descriptor: "LEGENDARIUM",
      additional_info: {
        items: [
          {
            id: "p-dragao",
            title: "Coleção Lendas — Dezembro de 2026",
            description: "Figura colecionável Legendarium",
            category_id: "art",
            quantity: 1,
            unit_price: 299.9,
          },
        ],
        payer: { first_name: "Ana", last_name: "Souza" },
      },
      payment_method_id: "bolbradesco",
      date_of_expiration: "2026-11-27T10:30:00.000-03:00",
      payer: {
        email: "c@example.com",
        first_name: "Ana",
        last_name: "Souza",
        identification: { type: "CPF", number: "12345678909" },
        address: {
          zip_code: "01001000",
          street_name: "Praça da Sé",
          street_number: "100",
          neighborhood: "Sé",
          city: "São Paulo",
          federal_unit: "SP",
        },
      },
    })
  })

  it("asks for signed Webhooks only, and sends no notification address Mercado Pago would refuse", async () => {
    await run(
      gateway().createPayment(
        request({
          attemptId: `local-${Date.now()}`,
          notificationUrl: "http://localhost:3000/api/mercadopago/webhook",
        }),
      ),
    )
    expect(lastRequest("/v1/payments").body).not.toHaveProperty("notification_url")
    expect(notificationUrlFor("https://loja.example/api/mercadopago/webhook?data.id=1")).toBe(
      "https://loja.example/api/mercadopago/webhook?data.id=1&source_news=webhooks",
    )
  })

  it("sends a card's token, installments, brand and issuer", async () => {
    const token = await fake.cardToken("APRO")
    await run(
      gateway().createPayment(
        request({
          attemptId: `card-${Date.now()}`,
          method: "card",
          amount: 1,
          expiresAt: null,
          card: { token, installments: 2, paymentMethodId: "master", issuerId: "24" },
        }),
      ),
    )
    expect(lastRequest("/v1/payments").body).toMatchObject({
      transaction_amount: 0.01,
      token,
      installments: 2,
      payment_method_id: "master",
      issuer_id: 24,
    })
  })

  it("sends the browser's device session id as Mercado Pago's X-meli-session-id header, only when given", async () => {
    const pay = async (deviceSessionId: string | null) => {
      const token = await fake.cardToken("APRO")
      await run(
        gateway().createPayment(
          request({
            attemptId: `device-${deviceSessionId}-${Date.now()}`,
            method: "card",
            expiresAt: null,
            card: { token, installments: 1, paymentMethodId: "master", issuerId: null, deviceSessionId },
          }),
        ),
      )
      return lastRequest("/v1/payments").headers
    }
    expect((await pay("armor.2f1c9a7e4b"))["x-meli-session-id"]).toBe("armor.2f1c9a7e4b")
    expect((await pay(null))["x-meli-session-id"]).toBeUndefined()
  })

  it("sends refunds with their own idempotency key, and amounts in reais", async () => {
    const token = await fake.cardToken("APRO")
    const payment = await run(
      gateway().createPayment(
        request({
          attemptId: `refund-${Date.now()}`,
          method: "card",
          card: { token, installments: 1, paymentMethodId: "master", issuerId: null },
        }),
      ),
    )
    await run(gateway().refund(payment.id, 1005, "refund-key-1"))
    const sent = lastRequest(`/v1/payments/${payment.id}/refunds`)
    expect(sent.headers["x-idempotency-key"]).toBe("refund-key-1")
    expect(sent.body).toEqual({ amount: 10.05 })
  })

  it("asks for installments by bin, or by the most common brand before the card is typed", async () => {
    await run(gateway().installments(29990, "50314332"))
    expect(Object.fromEntries(lastRequest("/v1/payment_methods/installments").query)).toEqual({
      amount: "299.9",
      bin: "50314332",
    })
    const options = await run(gateway().installments(29990, null))
    expect(lastRequest("/v1/payment_methods/installments").query.get("payment_method_id")).toBe("master")
    expect(options[2]).toEqual({
      installments: 3,
      installmentAmount: 9997,
      totalAmount: 29990,
      rate: 0,
      message: "3 parcelas de R$ 99,97 (R$ 299,90)",
    })
    expect(await run(gateway().installments(29990, "999999"))).toEqual([])
  })

  it("searches an order's payments newest first", async () => {
    await run(gateway().paymentsForOrder("order-x"))
    expect(Object.fromEntries(lastRequest("/v1/payments/search").query)).toEqual({
      external_reference: "order-x",
      sort: "date_created",
      criteria: "desc",
    })
  })

  it("builds a Checkout Pro preference that totals the order", () => {
    const base = {
      attemptId: "a",
      orderId: "o",
      items: [{ ...A_PAYMENT_ITEM, quantity: 2, unitPrice: 14995 }],
      statementDescriptor: "LEGENDARIUM",
      payerEmail: "c@example.com",
      backUrl: "https://loja.example/pedidos/o",
      notificationUrl: "https://loja.example/api/webhooks/mercadopago",
      expiresAt: EXPIRES,
    }
    const withShipping = preferenceBody({ ...base, extraCharge: 2410 })
    expect(withShipping.items).toEqual([
      {
        id: "p-dragao",
        title: "Coleção Lendas — Dezembro de 2026",
        description: "Figura colecionável Legendarium",
        category_id: "art",
        quantity: 2,
        currency_id: "BRL",
        unit_price: 149.95,
      },
      { id: "frete", title: "Frete", quantity: 1, currency_id: "BRL", unit_price: 24.1 },
    ])
    expect(withShipping).toMatchObject({
      back_urls: { success: base.backUrl, pending: base.backUrl, failure: base.backUrl },
      auto_return: "approved",
      external_reference: "o",
      statement_descriptor: "LEGENDARIUM",
      expires: true,
      expiration_date_to: "2026-11-27T10:30:00.000-03:00",
      date_of_expiration: "2026-11-27T10:30:00.000-03:00",
    })
    expect(preferenceBody({ ...base, extraCharge: -1000 }).items).toEqual([
      { id: "o", title: "Pedido o", quantity: 1, currency_id: "BRL", unit_price: 289.9 },
    ])
  })
})

describe("Mercado Pago adapter: failures", () => {
  it("reports a timeout as unavailable, within the timeout", async () => {
    fake.behaviour = "timeout"
    const started = performance.now()
    const error = await failure(gateway({ timeoutMs: 200 }).getPayment("1"))
    expect(error).toEqual(
      expect.objectContaining({ _tag: "GatewayUnavailable", reason: "timeout after 200 ms" }),
    )
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it("gives up on a call well before its payment attempt may be taken for lost", () => {
    // Twice the timeout at least: the order's transaction and storing the answer come on top of the call.
    expect(2 * MERCADO_PAGO_TIMEOUT_MS).toBeLessThanOrEqual(UNANSWERED_CLAIM_MS)
  })

  it("reports 429 and an unreachable server as unavailable", async () => {
    fake.behaviour = "429"
    expect(await failure(gateway().paymentsForOrder("o"))).toMatchObject({ _tag: "GatewayUnavailable" })
    const closed = await startFakeMercadoPago()
    await closed.close()
    const error = await failure(gateway({ baseUrl: closed.baseUrl }).createPayment(request()))
    expect(error).toMatchObject({
      _tag: "GatewayUnavailable",
      reason: expect.stringMatching(/^network error/),
    })
  })

  it("never puts the access token or a card token in a failure", async () => {
    const leaky: typeof fetch = async () => {
      throw new Error(`boom ${fake.accessToken} tok_secret_123`)
    }
    const error = await failure(
      gateway({ fetch: leaky }).createPayment(
        request({
          method: "card",
          card: { token: "tok_secret_123", installments: 1, paymentMethodId: "master", issuerId: null },
        }),
      ),
    )
    expect(JSON.stringify(error)).not.toContain(fake.accessToken)
    expect(JSON.stringify(error)).not.toContain("tok_secret_123")
    const denied = await failure(
      mercadoPagoGateway({
        accessToken: "TEST-wrong-token",
        publicKey: "p",
        baseUrl: fake.baseUrl,
      }).getPayment("1"),
    )
    expect(denied).toMatchObject({ _tag: "GatewayUnavailable", reason: expect.stringContaining("HTTP 401") })
    expect(JSON.stringify(denied)).not.toContain("TEST-wrong-token")
  })
})

describe("Mercado Pago responses", () => {
  it("tells card-data refusals from other refusals", () => {
    const of = (cause: unknown, message = "") => concernsCard(readApiError({ message, cause }))
    expect(of([{ code: 2006, description: "Card Token not found" }])).toBe(true)
    expect(of([{ code: "E301", description: "invalid card number" }])).toBe(true)
    expect(of([{ code: 3034, description: "Invalid card_number_validation" }])).toBe(true)
    expect(of([{ code: 325, description: "invalid expiration month" }])).toBe(true)
    expect(of({ code: 2062, description: "Invalid card token" })).toBe(true)
    expect(of([{ code: 4020, description: "notification_url attribute must be url valid" }])).toBe(false)
    expect(of([], "invalid card_token_id")).toBe(true)
    expect(of([], "payer.email must be a valid email")).toBe(false)
  })

  it("reads amounts to the centavo and refuses what it cannot trust", () => {
    const base = { id: 123, status: "approved", external_reference: "o", transaction_amount: 0.3 }
    expect(parsePayment(base)).toMatchObject({ id: "123", amount: 30, orderId: "o", attemptId: null })
    expect(parsePayment({ ...base, transaction_amount: 1234567.89 })).toMatchObject({ amount: 123456789 })
    expect(parsePayment({ ...base, transaction_amount: "19.9" })).toMatchObject({ amount: 1990 })
    expect(parsePayment({ ...base, status: "authorized" })).toMatchObject({ status: "in_process" })
    expect(parsePayment({ ...base, status: "something_new" })).toBeNull()
    expect(parsePayment({ ...base, transaction_amount: -1 })).toBeNull()
    expect(parsePayment({ status: "approved" })).toBeNull()
  })

  it("falls back to the store's own installment text", () => {
    const options = parseInstallments([
      {
        payer_costs: [
          { installments: 1, installment_rate: 0, installment_amount: 100, total_amount: 100 },
          { installments: 6, installment_rate: 1.99, installment_amount: 17.85, total_amount: 107.1 },
          { installments: "x" },
        ],
      },
    ])
    expect(options?.map((o) => o.message)).toEqual([
      "1x de R$\u00a0100,00",
      "6x de R$\u00a017,85 (R$\u00a0107,10)",
    ])
    expect(parseInstallments({ message: "bad" })).toBeNull()
  })

  it("writes expiry dates in Brazil's offset", () => {
    expect(toMercadoPagoDate(Date.UTC(2026, 0, 1, 2, 0, 0, 5))).toBe("2025-12-31T23:00:00.005-03:00")
  })
})
