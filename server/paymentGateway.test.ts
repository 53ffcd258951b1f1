import { randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connectDatabase, type DatabaseHandle } from "../adapters/db/connect"
import { Db } from "../adapters/db/DatabaseService"
import { migrateToLatest } from "../adapters/db/migrate"
import { verifyWebhookSignature } from "../adapters/mercadopago/webhookSignature"
import { sandboxRoutes } from "../adapters/sandbox-gateway/routes"
import { GatewayBilling } from "../application/ports/GatewayBilling"
import { PaymentGateway } from "../application/ports/PaymentGateway"
import { SubscriptionGateway } from "../application/ports/SubscriptionGateway"
import { gatewayExpiry } from "../domain/orders/deadlines"
import { settingsLayer } from "../tests/fakes/inMemoryCatalog"
import { ITEMS_AND_DESCRIPTOR } from "../tests/fakes/paymentItems"
import { loadConfig } from "./config"
import {
  deferredNotify,
  paymentGatewayLayer,
  sandboxBankFor,
  subscriptionGatewayLayer,
  webhookSecret,
} from "./paymentGateway"

const AUTH_SECRET = "a".repeat(40)

describe("payment configuration", () => {
  it("takes Mercado Pago's keys both or neither, and its webhook secret with them", () => {
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: "TEST-1234567890" })).toThrow(
      /MERCADOPAGO_PUBLIC_KEY/,
    )
    expect(() =>
      loadConfig({ MERCADOPAGO_ACCESS_TOKEN: "TEST-1234567890", MERCADOPAGO_PUBLIC_KEY: "TEST-pub-123456" }),
    ).toThrow(/MERCADOPAGO_WEBHOOK_SECRET/)
    const config = loadConfig({
      MERCADOPAGO_ACCESS_TOKEN: "TEST-1234567890",
      MERCADOPAGO_PUBLIC_KEY: "TEST-pub-123456",
      MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
    })
    expect(config.MERCADOPAGO_BASE_URL).toBe("https://api.mercadopago.com")
    expect(webhookSecret(config)).toBe("0123456789abcdef0123")
  })

  it("derives a stable sandbox webhook secret from AUTH_SECRET", () => {
    const a = webhookSecret(loadConfig({ AUTH_SECRET }))
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(webhookSecret(loadConfig({ AUTH_SECRET }))).toBe(a)
    expect(webhookSecret(loadConfig({ AUTH_SECRET: "b".repeat(40) }))).not.toBe(a)
    expect(a).not.toContain(AUTH_SECRET)
  })

  it("chooses Mercado Pago when configured", async () => {
    const config = loadConfig({
      MERCADOPAGO_ACCESS_TOKEN: "TEST-1234567890",
      MERCADOPAGO_PUBLIC_KEY: "TEST-pub-123456",
      MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
    })
    const layer = paymentGatewayLayer(config, deferredNotify().notify) as Layer.Layer<PaymentGateway>
    const gateway = await Effect.runPromise(
      Effect.provide(
        PaymentGateway.use((g) => Effect.succeed(g)),
        layer,
      ),
    )
    expect(gateway).toMatchObject({ name: "mercadopago", publicKey: "TEST-pub-123456" })
  })
})

describe("subscription gateway configuration", () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = connectDatabase({ kind: "pglite", dataDir: null })
    await migrateToLatest(handle.db)
  })
  afterAll(() => handle.close())

  const services = Effect.all([
    SubscriptionGateway.use((g) => Effect.succeed(g)),
    GatewayBilling.use((b) => Effect.succeed(b)),
  ])

  it("uses Mercado Pago's preapprovals when configured, whose billing run has nothing to do", async () => {
    const config = loadConfig({
      MERCADOPAGO_ACCESS_TOKEN: "TEST-1234567890",
      MERCADOPAGO_PUBLIC_KEY: "TEST-pub-123456",
      MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
      MERCADOPAGO_BASE_URL: "http://127.0.0.1:9",
    })
    const layer = subscriptionGatewayLayer(config, deferredNotify().notify) as Layer.Layer<
      SubscriptionGateway | GatewayBilling
    >
    const [gateway, billing] = await Effect.runPromise(Effect.provide(services, layer))
    // Nothing listens on port 9: the call went to the configured Mercado Pago address, not the sandbox.
    expect(await Effect.runPromise(Effect.flip(gateway.getPreapproval("abc")))).toMatchObject({
      _tag: "GatewayUnavailable",
      reason: expect.stringMatching(/^network error/),
    })
    expect(await Effect.runPromise(billing.chargeDue(Date.now()))).toEqual({ charged: 0, retried: 0 })
  })

  it("uses the sandbox's otherwise, on the store's database", async () => {
    const config = loadConfig({ AUTH_SECRET, DATA_DIR: ":memory:" })
    const layer = subscriptionGatewayLayer(config, deferredNotify().notify).pipe(
      Layer.provide(Db.fromHandle(handle)),
    )
    const [gateway, billing] = await Effect.runPromise(Effect.provide(services, layer))
    expect(await Effect.runPromise(Effect.flip(gateway.getPreapproval("abc")))).toMatchObject({
      _tag: "GatewayPaymentNotFound",
    })
    expect(await Effect.runPromise(billing.chargeDue(Date.now()))).toEqual({ charged: 0, retried: 0 })
  })
})

describe("sandbox wired to a webhook route in-process", () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = connectDatabase({ kind: "pglite", dataDir: null })
    await migrateToLatest(handle.db)
  })
  afterAll(() => handle.close())

  it("delivers signed notifications that the route's check accepts, after the route is mounted", async () => {
    const config = loadConfig({ AUTH_SECRET, DATA_DIR: ":memory:" })
    const secret = webhookSecret(config)
    const { notify, bind } = deferredNotify()
    const layer = paymentGatewayLayer(config, notify, { notifyRetryDelaysMs: [20, 20, 50] }).pipe(
      Layer.provide(Layer.merge(Db.fromHandle(handle), settingsLayer())),
    )
    const gateway = await Effect.runPromise(
      Effect.provide(
        PaymentGateway.use((g) => Effect.succeed(g)),
        layer,
      ),
    )
    expect(gateway).toMatchObject({ name: "sandbox", publicKey: null })

    const accepted: string[] = []
    const app = new Hono()
    // A stand-in for the store's webhook route: it checks the signature exactly as the real one will.
    app.post("/api/webhooks/mercadopago", async (c) => {
      const check = verifyWebhookSignature({
        secret,
        xSignature: c.req.header("x-signature"),
        xRequestId: c.req.header("x-request-id"),
        dataIdFromQuery: c.req.query("data.id"),
        now: Date.now(),
        toleranceMs: 5 * 60_000,
      })
      if (!check.ok) return c.json({ error: check.reason }, 401)
      accepted.push(`${c.req.query("data.id")}:${(await c.req.json()).action}`)
      return c.body(null, 200)
    })
    const bank = sandboxBankFor(config, handle.db, notify)
    app.route(
      "/sandbox",
      sandboxRoutes({
        bank,
        sameOrigin: (r) => r.headers.get("origin") === config.publicUrl,
        owns: async () => true,
      }),
    )

    const payment = await Effect.runPromise(
      gateway.createPayment({
        attemptId: randomUUID(),
        orderId: randomUUID(),
        description: "Pedido",
        amount: 1000,
        method: "pix",
        card: null,
        payer: {
          email: "c@example.com",
          firstName: "A",
          lastName: "B",
          cpf: "12345678909",
          address: {
            zipCode: "01001000",
            street: "R",
            number: "1",
            neighborhood: "C",
            city: "SP",
            state: "SP",
          },
        },
        expiresAt: gatewayExpiry("pix", Date.now()),
        notificationUrl: `${config.publicUrl}/api/webhooks/mercadopago`,
        ...ITEMS_AND_DESCRIPTOR,
      }),
    )
    // Mounted after the first notification went out: the retry delivers it.
    bind((request) =>
      Promise.resolve(
        app.request(request.path, { method: "POST", headers: request.headers, body: request.body }),
      ),
    )
    const pressed = await app.request(`/sandbox/pagamentos/${payment.id}/simular-pagamento`, {
      method: "POST",
      headers: { origin: config.publicUrl },
    })
    expect(pressed.status).toBe(303)
    await bank.notificationsIdle()
    await expect
      .poll(() => accepted.sort())
      .toEqual([`${payment.id}:payment.created`, `${payment.id}:payment.updated`])
  })
})
