import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PaymentRequest } from "../../application/ports/PaymentGateway"
import { A_PAYMENT_ITEM, ITEMS_AND_DESCRIPTOR } from "../../tests/fakes/paymentItems"
import { connectDatabase, type DatabaseHandle } from "../db/connect"
import { migrateToLatest } from "../db/migrate"
import { verifyWebhookSignature } from "../mercadopago/webhookSignature"
import type { WebhookRequest } from "./notifier"
import { sandboxRoutes } from "./routes"
import { type SandboxOptions, sandboxBank } from "./SandboxBank"

const ORIGIN = "http://loja.test"
const SECRET = "sandbox-secret-for-tests"
const T0 = Date.UTC(2026, 10, 26, 15, 0)

let handle: DatabaseHandle
beforeAll(async () => {
  handle = connectDatabase({ kind: "pglite", dataDir: null })
  await migrateToLatest(handle.db)
})
afterAll(() => handle.close())

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

function setup(over: Partial<SandboxOptions> = {}) {
  const clock = { now: T0 }
  const received: WebhookRequest[] = []
  const bank = sandboxBank(handle.db, {
    publicUrl: ORIGIN,
    webhookSecret: SECRET,
    notify: async (request) => {
      received.push(request)
      return { status: 200 }
    },
    now: () => clock.now,
    notifyRetryDelaysMs: [1, 1, 1],
    ...over,
  })
  // The store answers who owns a page (server/http/sandboxOwnership.ts); here the stranger is who says so.
  const routes = sandboxRoutes({
    bank,
    sameOrigin: (r) => r.headers.get("origin") === ORIGIN,
    owns: async (r) => r.headers.get("x-visitor") !== "stranger",
  })
  return { bank, routes, clock, received }
}

const pixRequest = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  attemptId: randomUUID(),
  orderId: randomUUID(),
  description: "Pedido de teste",
  amount: 4990,
  method: "pix",
  card: null,
  payer: {
    email: "c@example.com",
    firstName: "Ana",
    lastName: "Souza",
    cpf: "12345678909",
    address: {
      zipCode: "01001000",
      street: "Rua A",
      number: "1",
      neighborhood: "Centro",
      city: "São Paulo",
      state: "SP",
    },
  },
  expiresAt: T0 + 30 * 60_000,
  notificationUrl: "https://loja.example/api/webhooks/mercadopago?source=sandbox",
  ...ITEMS_AND_DESCRIPTOR,
  ...over,
})

const tokenBody = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    cardNumber: "4235 6477 2802 5682",
    cardholderName: "APRO",
    cardExpirationMonth: 11,
    cardExpirationYear: 30,
    securityCode: "123",
    identificationType: "CPF",
    identificationNumber: "12345678909",
    ...over,
  })

const post = (headers: Record<string, string> = { origin: ORIGIN }, body?: string) =>
  ({ method: "POST", headers: { "content-type": "application/json", ...headers }, body }) as const

describe("sandbox notifications", () => {
  it("announces creation and each status change with Mercado Pago's signed webhook", async () => {
    const { bank, received, clock } = setup()
    const payment = await run(bank.createPayment(pixRequest()))
    clock.now += 60_000
    await run(bank.simulatePayment(payment.id))
    await bank.notificationsIdle()

    expect(received).toHaveLength(2)
    const [created, updated] = received.map((r) => ({ ...r, json: JSON.parse(r.body) }))
    expect(created!.json).toMatchObject({
      type: "payment",
      action: "payment.created",
      data: { id: payment.id },
    })
    expect(updated!.json).toMatchObject({ action: "payment.updated", live_mode: false })
    for (const request of received) {
      const url = new URL(request.path, ORIGIN)
      expect(url.pathname).toBe("/api/webhooks/mercadopago")
      expect(url.searchParams.get("source")).toBe("sandbox")
      expect(url.searchParams.get("type")).toBe("payment")
      expect(
        verifyWebhookSignature({
          secret: SECRET,
          xSignature: request.headers["x-signature"],
          xRequestId: request.headers["x-request-id"],
          dataIdFromQuery: url.searchParams.get("data.id"),
          now: clock.now,
          toleranceMs: 5 * 60_000,
        }),
      ).toEqual({ ok: true })
    }
  })

  it("retries a failed delivery, and gives up after the last retry", async () => {
    let calls = 0
    const gaveUp: string[] = []
    const { bank } = setup({
      notify: async () => {
        calls++
        if (calls < 3) throw new Error("store busy")
        return { status: calls === 3 ? 503 : 200 }
      },
      onNotifyGiveUp: (id) => gaveUp.push(id),
    })
    await run(bank.createPayment(pixRequest()))
    await bank.notificationsIdle()
    expect(calls).toBe(4)
    expect(gaveUp).toEqual([])

    const { bank: failing } = setup({
      notify: async () => ({ status: 500 }),
      onNotifyGiveUp: (id) => gaveUp.push(id),
    })
    const payment = await run(failing.createPayment(pixRequest()))
    await failing.notificationsIdle()
    expect(gaveUp).toEqual([payment.id])
  })

  it("does not announce a retried attempt again", async () => {
    const { bank, received } = setup()
    const request = pixRequest()
    await run(bank.createPayment(request))
    await run(bank.createPayment(request))
    await bank.notificationsIdle()
    expect(received).toHaveLength(1)
  })
})

describe("sandbox PIX expiry", () => {
  it("reports a PIX past its expiry as cancelled/expired, once, and refuses to pay it", async () => {
    const { bank, received, clock } = setup()
    const payment = await run(bank.createPayment(pixRequest()))
    clock.now = T0 + 31 * 60_000
    expect(await run(bank.getPayment(payment.id))).toMatchObject({
      status: "cancelled",
      statusDetail: "expired",
    })
    expect(await run(bank.paymentsForOrder(payment.orderId))).toMatchObject([{ status: "cancelled" }])
    expect(await run(bank.simulatePayment(payment.id))).toEqual({ ok: false, reason: "expired" })
    await bank.notificationsIdle()
    expect(received.map((r) => JSON.parse(r.body).action)).toEqual(["payment.created", "payment.updated"])
  })

  it("keeps payments across restarts and instances (they live in the database)", async () => {
    const first = setup()
    const payment = await run(first.bank.createPayment(pixRequest()))
    const second = setup()
    expect(await run(second.bank.getPayment(payment.id))).toEqual(payment)
  })
})

describe("sandbox card tokenizer", () => {
  it("issues a token for a test card, shaped like MercadoPago.js's", async () => {
    const { routes } = setup()
    const response = await routes.request("/card-tokens", post(undefined, tokenBody()))
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      payment_method_id: "visa",
      first_six_digits: "423564",
      last_four_digits: "5682",
    })
  })

  it("refuses any card that is not a Mercado Pago test card, with a message for the buyer", async () => {
    const { routes } = setup()
    const response = await routes.request(
      "/card-tokens",
      post(undefined, tokenBody({ cardNumber: "4111 1111 1111 1111" })),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        message: "No ambiente de testes use um dos cartões de teste do Mercado Pago",
        field: "cardNumber",
      },
    })
    const expired = await routes.request(
      "/card-tokens",
      post(undefined, tokenBody({ cardExpirationYear: 2026, cardExpirationMonth: 10 })),
    )
    expect(expired.status).toBe(400)
  })

  it("refuses a token past its lifetime", async () => {
    const { routes, bank, clock } = setup({ cardTokenTtlMs: 60_000 })
    const response = await routes.request("/card-tokens", post(undefined, tokenBody()))
    const token = ((await response.json()) as { id: string }).id
    clock.now += 61_000
    const request = pixRequest({
      method: "card",
      card: { token, installments: 1, paymentMethodId: "visa", issuerId: null },
    })
    expect(await run(Effect.flip(bank.createPayment(request)))).toMatchObject({
      _tag: "GatewayRefused",
      cardData: true,
    })
  })

  it("refuses requests from other sites", async () => {
    const { routes } = setup()
    const response = await routes.request(
      "/card-tokens",
      post({ origin: "https://evil.example" }, tokenBody()),
    )
    expect(response.status).toBe(403)
  })
})

describe("sandbox payment page", () => {
  it("shows the PIX QR code, the copia e cola and the simulation buttons", async () => {
    const { bank, routes } = setup()
    const payment = await run(bank.createPayment(pixRequest()))
    const response = await routes.request(`/pagamentos/${payment.id}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="pt-BR">')
    expect(html).toContain(`src="data:image/png;base64,${payment.pix!.qrCodeBase64}"`)
    expect(html).toMatch(/alt="QR code do PIX de R\$\s49,90"/)
    expect(html).toContain(payment.pix!.qrCode)
    expect(html).toContain("Simular pagamento")
    expect(html).toContain("Simular expiração")
    expect(html).not.toMatch(/https?:\/\/(?!loja\.example)/)
  })

  it("shows the boleto's digitable line", async () => {
    const { bank, routes } = setup()
    const payment = await run(bank.createPayment(pixRequest({ method: "boleto", expiresAt: null })))
    const html = await (await routes.request(`/pagamentos/${payment.id}`)).text()
    expect(html).toMatch(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/)
    // What the store said it sells, as the gateway kept it.
    expect(html).toContain("<dd>Pedido de teste</dd>")
  })

  it("approves on 'Simular pagamento' from our own page only", async () => {
    const { bank, routes } = setup()
    const payment = await run(bank.createPayment(pixRequest()))
    const forged = await routes.request(`/pagamentos/${payment.id}/simular-pagamento`, post({}))
    expect(forged.status).toBe(403)
    expect(await run(bank.getPayment(payment.id))).toMatchObject({ status: "pending" })

    const pressed = await routes.request(`/pagamentos/${payment.id}/simular-pagamento`, post())
    expect(pressed.status).toBe(303)
    expect(pressed.headers.get("location")).toBe(`/sandbox/pagamentos/${payment.id}?aviso=paid`)
    expect(await run(bank.getPayment(payment.id))).toMatchObject({
      status: "approved",
      statusDetail: "accredited",
    })
    const page = await (await routes.request(pressed.headers.get("location")!.replace("/sandbox", ""))).text()
    expect(page).toContain("Pagamento simulado: aprovado.")
    expect(page).not.toContain("Simular pagamento</button>")
  })

  it("expires on 'Simular expiração'", async () => {
    const { bank, routes } = setup()
    const payment = await run(bank.createPayment(pixRequest({ method: "boleto", expiresAt: null })))
    const pressed = await routes.request(`/pagamentos/${payment.id}/simular-expiracao`, post())
    expect(pressed.status).toBe(303)
    expect(await run(bank.getPayment(payment.id))).toMatchObject({
      status: "cancelled",
      statusDetail: "expired",
    })
  })

  it("answers a stranger 404 on the page and its buttons, and leaves the payment as it was", async () => {
    const { bank, routes } = setup()
    const payment = await run(bank.createPayment(pixRequest()))
    const stranger = { origin: ORIGIN, "x-visitor": "stranger" }
    const page = await routes.request(`/pagamentos/${payment.id}`, { headers: stranger })
    expect(page.status).toBe(404)
    expect(await page.text()).not.toContain("49,90")
    for (const action of ["simular-pagamento", "simular-expiracao"])
      expect((await routes.request(`/pagamentos/${payment.id}/${action}`, post(stranger))).status).toBe(404)
    expect(await run(bank.getPayment(payment.id))).toMatchObject({ status: "pending" })
  })

  it("answers 404 for an unknown payment", async () => {
    const { routes } = setup()
    expect((await routes.request("/pagamentos/123")).status).toBe(404)
    expect((await routes.request("/pagamentos/123/simular-pagamento", post())).status).toBe(404)
  })
})

describe("sandbox Checkout Pro", () => {
  it("pays a preference once and sends the buyer back with Mercado Pago's query", async () => {
    const { bank, routes } = setup()
    const orderId = randomUUID()
    const preference = await run(
      bank.createPreference({
        attemptId: randomUUID(),
        orderId,
        items: [{ ...A_PAYMENT_ITEM, unitPrice: 10000 }],
        extraCharge: -500,
        statementDescriptor: ITEMS_AND_DESCRIPTOR.statementDescriptor,
        payerEmail: "c@example.com",
        backUrl: `${ORIGIN}/pedidos/1`,
        notificationUrl: "https://loja.example/api/webhooks/mercadopago",
        expiresAt: T0 + 86_400_000,
      }),
    )
    expect(preference.redirectUrl).toBe(`${ORIGIN}/sandbox/checkout/${preference.id}`)
    const page = await (await routes.request(`/checkout/${preference.id}`)).text()
    expect(page).toMatch(/Pagar R\$\s95,00/)

    const paid = await routes.request(`/checkout/${preference.id}/pagar`, post())
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get("location")!)
    expect(back.pathname).toBe("/pedidos/1")
    expect(back.searchParams.get("status")).toBe("approved")
    expect(back.searchParams.get("external_reference")).toBe(orderId)
    await routes.request(`/checkout/${preference.id}/pagar`, post())
    const stranger = { origin: ORIGIN, "x-visitor": "stranger" }
    expect((await routes.request(`/checkout/${preference.id}`, { headers: stranger })).status).toBe(404)
    expect((await routes.request(`/checkout/${preference.id}/pagar`, post(stranger))).status).toBe(404)
    const payments = await run(bank.paymentsForOrder(orderId))
    expect(payments).toMatchObject([
      { status: "approved", amount: 9500, id: back.searchParams.get("payment_id") },
    ])
  })
})
