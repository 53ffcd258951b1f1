import { randomUUID } from "node:crypto"
import { Effect, Exit } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { signWebhook } from "../../adapters/mercadopago/webhookSignature"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { reconcilePayments } from "../../application/orders/reconcilePayments"
import type { CurrentUser } from "../../application/ports/CurrentUser"
import { PaymentGateway } from "../../application/ports/PaymentGateway"
import { SubscriptionGateway } from "../../application/ports/SubscriptionGateway"
import { webhookSecret } from "../../server/paymentGateway"
import { WEBHOOK_PATH } from "../../server/runtime"
import { apiApp } from "../support/apiApp"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { killedAtPayment } from "../support/gatewayOverride"
import {
  addCollectors,
  asViewer,
  clockNow,
  fillCarts,
  paySandbox,
  runtimeDb,
  seedStore,
} from "../support/storeRuntime"

// Orders under load, duplicates, lost webhooks and crashes, on the real adapters and the sandbox gateway.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const BUYERS = 200
const MINUTE = 60_000

describe.each(targets)("orders on $name", (target) => {
  const { config, runtime } = testRuntime(target, embedded, { dispatcher: { idlePollMs: 50 } })
  let app: Awaited<ReturnType<typeof apiApp>>
  let db: Kysely<Database>
  let product: string
  let otherProduct: string
  let addresses = new Map<string, string>()

  const viewer = (i: number) => customer(`buyer-${i}`, `Comprador ${i}`)
  type Services =
    | Effect.Services<ReturnType<typeof placeOrder>>
    | Effect.Services<ReturnType<typeof reconcilePayments>>
  // A shift jumps ahead of quiet periods (reconciliation waits minutes) without waiting for them.
  const asBuyer = <A, E>(i: number, effect: Effect.Effect<A, E, Services>, shiftMs = 0) =>
    asViewer(viewer(i), `10.0.${Math.floor(i / 250)}.${i % 250}`, effect, shiftMs)
  const run = <A, E>(effect: Effect.Effect<A, E, Exclude<Services, CurrentUser>>) =>
    runtime.runPromiseExit(effect)
  const order = (i: number, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    addressId: addresses.get(`buyer-${i}`) ?? "",
    shippingOptionId: null,
    couponCode: null,
    idempotencyKey: randomUUID(),
    cpf: "123.456.789-09",
    payment: { method: "pix" },
    ...over,
  })
  const setCarts = async (productId: string) => {
    await db.deleteFrom("cart_items").execute()
    await fillCarts(
      db,
      Array.from({ length: BUYERS }, (_, i) => viewer(i).id),
      productId,
    )
  }
  const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error("condition not reached in time")
  }
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(db)).rows[0]?.n ?? -1

  beforeAll(async () => {
    app = await apiApp(runtime, config)
    db = await runtimeDb(runtime)
    ;[product, otherProduct = ""] = await seedStore(db, await clockNow(runtime), 2)
    // Every buyer here types the same CPF: these tests are about stock and coupons, not per-collector limits
    // (tests/integration/editionLimits.test.ts races those).
    await db.updateTable("collection_products").set({ collector_limit: null }).execute()
    addresses = await addCollectors(
      db,
      Array.from({ length: BUYERS }, (_, i) => viewer(i)),
    )
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("sells a numbered edition of 10 to exactly 10 of 200 concurrent buyers, numbered 1 to 10", async () => {
    await db.updateTable("collection_products").set({ edition_size: 10 }).where("id", "=", product).execute()
    await setCarts(product)
    const exits = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => run(asBuyer(i, placeOrder(order(i))))),
    )
    const placed = exits.filter(Exit.isSuccess).map((e) => e.value)
    expect(placed).toHaveLength(10)
    const refusals = exits.filter(Exit.isFailure).map((e) => JSON.stringify(e.cause))
    expect(refusals.every((r) => r.includes("edição esgotada") || r.includes("restam apenas"))).toBe(true)
    const units = await db
      .selectFrom("collection_products")
      .select(["edition_reserved", "edition_sold"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    expect(units).toEqual({ edition_reserved: 10, edition_sold: 0 })
    // Only this product's units moved (the demo seed numbers other editions too).
    expect(
      await count(
        sql`select coalesce(sum(edition_reserved), 0)::int as n from collection_products where id <> ${product}`,
      ),
    ).toBe(0)

    // Each buyer pays their PIX; notifications also arrive duplicated, shuffled, forged and stale.
    const gatewayIds = placed.map((o) => o.payment?.id ?? "")
    const attempts = await db
      .selectFrom("payment_attempts")
      .select("gateway_payment_id")
      .where("id", "in", gatewayIds)
      .execute()
    const bank = await runtime.runPromise(PaymentGateway.use((g) => Effect.succeed(g)))
    expect(bank.name).toBe("sandbox")
    for (const a of attempts) await paySandbox(config, runtime, a.gateway_payment_id ?? "")
    const secret = webhookSecret(config)
    const deliveries = attempts.flatMap((a) => {
      const id = a.gateway_payment_id ?? ""
      return Array.from({ length: 1 + Math.floor(Math.random() * 5) }, (_, k) => ({ id, k }))
    })
    deliveries.sort(() => Math.random() - 0.5)
    let refused = 0
    const now = await clockNow(runtime)
    for (const [n, { id }] of deliveries.entries()) {
      const kind = n % 10 === 0 ? "forged" : n % 10 === 1 ? "stale" : "good"
      const headers = signWebhook({
        secret: kind === "forged" ? "not-the-secret" : secret,
        dataId: id,
        requestId: randomUUID(),
        now: kind === "stale" ? now - 60 * MINUTE : now,
      })
      const res = await app.request(`${WEBHOOK_PATH}?data.id=${id}&type=payment`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id } }),
      })
      if (kind === "good") expect(res.status).toBe(200)
      else {
        expect(res.status).toBe(401)
        refused++
      }
    }
    expect(refused).toBeGreaterThan(0)
    await waitFor(
      async () => (await count(sql`select count(*)::int as n from orders where status = 'paid'`)) === 10,
    )
    const sold = await db
      .selectFrom("collection_products")
      .select(["edition_reserved", "edition_sold"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    expect(sold).toEqual({ edition_reserved: 0, edition_sold: 10 })
    const serials = (await db.selectFrom("order_lines").select("serials").execute()).flatMap((r) => r.serials)
    expect([...serials].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    // Every approval applied once, however often it was told.
    await waitFor(async () => true, 500)
    expect(
      await count(sql`select count(*)::int as n from outbox_events where type = 'PaymentApproved'`),
    ).toBe(10)
  }, 120_000)

  it("lets exactly N of 200 concurrent orders use a coupon limited to N uses", async () => {
    await setCarts(otherProduct)
    await db
      .insertInto("coupons")
      .values({
        code: "SETE",
        type: "percentage",
        value: 10,
        max_uses: 7,
        valid_from: new Date((await clockNow(runtime)) - MINUTE),
      })
      .execute()
    const exits = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => run(asBuyer(i, placeOrder(order(i, { couponCode: "sete" }))))),
    )
    expect(exits.filter(Exit.isSuccess)).toHaveLength(7)
    expect(await count(sql`select total_uses::int as n from coupons where code = 'SETE'`)).toBe(7)
    expect(await count(sql`select count(*)::int as n from orders where coupon_code = 'SETE'`)).toBe(7)
  }, 120_000)

  it("makes one order and one gateway call for ten concurrent requests with one key", async () => {
    await setCarts(otherProduct)
    const bankToken = await app.request("/sandbox/card-tokens", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({
        cardNumber: "5031 4332 1540 6351",
        cardholderName: "APRO",
        cardExpirationMonth: "11",
        cardExpirationYear: "30",
        securityCode: "123",
        identificationType: "CPF",
        identificationNumber: "12345678909",
      }),
    })
    const token = (await bankToken.json()) as { id: string; payment_method_id: string }
    const same = order(42, {
      payment: {
        method: "card",
        card: { token: token.id, installments: 3, paymentMethodId: token.payment_method_id, issuerId: null },
      },
    })
    const exits = await Promise.all(Array.from({ length: 10 }, () => run(asBuyer(42, placeOrder(same)))))
    const ids = new Set(exits.filter(Exit.isSuccess).map((e) => e.value.id))
    expect(ids.size).toBe(1)
    expect(exits.every(Exit.isSuccess)).toBe(true)
    const [orderId] = [...ids]
    expect(
      await count(sql`select count(*)::int as n from sandbox_payments where order_id = ${orderId}`),
    ).toBe(1)
    const view = exits.find(Exit.isSuccess)?.value
    expect(view?.status).toBe("paid")
  }, 60_000)

  it("brings every order to the gateway's state when all webhooks are lost", async () => {
    await setCarts(otherProduct)
    runtime.paymentWebhooks.bind(async () => ({ status: 503 }))
    try {
      const buyers = [100, 101, 102, 103, 104]
      const placed = await Promise.all(
        buyers.map((i) => runtime.runPromise(asBuyer(i, placeOrder(order(i))))),
      )
      for (const o of placed) {
        const row = await db
          .selectFrom("payment_attempts")
          .select("gateway_payment_id")
          .where("order_id", "=", o.id)
          .executeTakeFirstOrThrow()
        await paySandbox(config, runtime, row.gateway_payment_id ?? "")
      }
      const ids = placed.map((o) => o.id)
      expect(
        await count(
          sql`select count(*)::int as n from orders where status = 'paid' and id in (${sql.join(ids)})`,
        ),
      ).toBe(0)
      await runtime.runPromise(asBuyer(0, reconcilePayments(), 3 * MINUTE))
      expect(
        await count(
          sql`select count(*)::int as n from orders where status = 'paid' and id in (${sql.join(ids)})`,
        ),
      ).toBe(5)
    } finally {
      runtime.paymentWebhooks.bind(async (r) =>
        app.request(r.path, { method: "POST", headers: r.headers, body: r.body }),
      )
    }
  }, 60_000)

  it("stores the sandbox's signed subscription notifications as PaymentNotified events, and leaves orders alone", async () => {
    const tokenResponse = await app.request("/sandbox/card-tokens", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({
        cardNumber: "5031 4332 1540 6351",
        cardholderName: "APRO",
        cardExpirationMonth: "11",
        cardExpirationYear: "30",
        securityCode: "123",
        identificationType: "CPF",
        identificationNumber: "12345678909",
      }),
    })
    const token = (await tokenResponse.json()) as { id: string }
    const gateway = await runtime.runPromise(SubscriptionGateway.use((g) => Effect.succeed(g)))
    const preapproval = await runtime.runPromise(
      gateway.createPreapproval({
        subscriptionId: randomUUID(),
        reason: "Legendarium — Plano Mensal",
        amount: 29990,
        frequencyMonths: 1,
        payerEmail: "buyer-7@example.com",
        cardToken: token.id,
        backUrl: "http://localhost:3000/assinatura",
        notificationUrl: `http://localhost:3000${WEBHOOK_PATH}`,
      }),
    )
    const [charge] = await runtime.runPromise(gateway.chargesFor(preapproval.id))
    const notified = () =>
      db
        .selectFrom("outbox_events")
        .select(["payload"])
        .where("type", "=", "PaymentNotified")
        .where(sql<boolean>`payload->>'resourceId' in (${preapproval.id}, ${charge?.id ?? ""})`)
        .execute()
    await waitFor(async () => (await notified()).length === 2, 60_000)
    expect((await notified()).map((e) => (e.payload as { topic: string }).topic).sort()).toEqual([
      "subscription_authorized_payment",
      "subscription_preapproval",
    ])

    // The same route still refuses what is not signed with the secret.
    const forged = signWebhook({
      secret: "not-the-secret",
      dataId: preapproval.id,
      requestId: randomUUID(),
      now: await clockNow(runtime),
    })
    const refused = await app.request(
      `${WEBHOOK_PATH}?data.id=${preapproval.id}&type=subscription_preapproval`,
      {
        method: "POST",
        headers: { ...forged, "content-type": "application/json" },
        body: "{}",
      },
    )
    expect(refused.status).toBe(401)
    // Every handler is done with them: the payment handler ignores a topic that is not its own. The dispatcher
    // may first work through the e-mails of the orders placed above, slowly on a busy machine.
    await waitFor(async () => {
      const events = await db
        .selectFrom("outbox_events")
        .select("status")
        .where("type", "=", "PaymentNotified")
        .where(sql<boolean>`payload->>'resourceId' in (${preapproval.id}, ${charge?.id ?? ""})`)
        .execute()
      return events.length === 2 && events.every((e) => e.status === "done")
    }, 90_000)
  }, 180_000)

  it("repairs a crash between the order's commit and the gateway call, charging at most once", async () => {
    await setCarts(otherProduct)
    const before = await run(asBuyer(150, killedAtPayment(placeOrder(order(150)), false)))
    const after = await run(asBuyer(151, killedAtPayment(placeOrder(order(151)), true)))
    expect(Exit.isFailure(before) && Exit.isFailure(after)).toBe(true)
    const orders = await db
      .selectFrom("orders")
      .select(["id", "user_id", "status"])
      .where("user_id", "in", ["buyer-150", "buyer-151"])
      .execute()
    expect(orders.map((o) => o.status)).toEqual(["awaiting_payment", "awaiting_payment"])

    await runtime.runPromise(asBuyer(0, reconcilePayments(), MINUTE))
    const lost = orders.find((o) => o.user_id === "buyer-150")?.id ?? ""
    const made = orders.find((o) => o.user_id === "buyer-151")?.id ?? ""
    // Never reached the gateway: the attempt is interrupted (never refused) and the order offers to be paid again.
    expect(
      await count(
        sql`select count(*)::int as n from orders where id = ${lost} and status = 'awaiting_payment'`,
      ),
    ).toBe(1)
    expect(
      await count(
        sql`select count(*)::int as n from payment_attempts where order_id = ${lost} and status = 'interrupted'`,
      ),
    ).toBe(1)
    expect(await count(sql`select count(*)::int as n from sandbox_payments where order_id = ${lost}`)).toBe(0)
    // Reached it: found by the order and applied, one payment only.
    expect(await count(sql`select count(*)::int as n from sandbox_payments where order_id = ${made}`)).toBe(1)
    expect(
      await count(
        sql`select count(*)::int as n from payment_attempts where order_id = ${made} and status = 'pending'`,
      ),
    ).toBe(1)
  }, 60_000)
})
