import { randomUUID } from "node:crypto"
import { Effect, Exit } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { signWebhook } from "../../adapters/mercadopago/webhookSignature"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser } from "../../application/ports/CurrentUser"
import { OrderAuditLog } from "../../application/ports/OrderAuditLog"
import { PrepaidPlans } from "../../application/ports/PrepaidPlans"
import { DEFAULT_PREPAID_PLANS } from "../../domain/subscriptions/prepaidPlans"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { webhookSecret } from "../../server/paymentGateway"
import { createAppRuntime, WEBHOOK_PATH } from "../../server/runtime"
import { apiApp } from "../support/apiApp"
import { freshPostgres, postgresServerUrl, testTarget } from "../support/databases"
import { STORE_DAY, storeClockEnv } from "../support/storeClock"
import { clockNow, paySandbox } from "../support/storeRuntime"

// Prepaid plans on the real adapters (PGlite, and PostgreSQL when a server is there) with the sandbox gateway.
const serverUrl = await postgresServerUrl()
const targets: { name: string; env: Record<string, string> }[] = [
  { name: "pglite", env: { DATA_DIR: ":memory:" } },
]
const postgres = serverUrl ? await freshPostgres(serverUrl) : null
if (postgres && postgres.target.kind === "postgres")
  targets.push({ name: "postgresql", env: { DATABASE_URL: postgres.target.url, DB_POOL_SIZE: "4" } })
afterAll(() => postgres?.dispose())

const ana = {
  id: "ana",
  email: "ana@example.com",
  name: "Ana Souza",
  role: "user" as const,
  emailVerified: true,
}

describe.each(targets)("prepaid plans on $name", ({ env }) => {
  const config = loadConfig({
    ...storeClockEnv(STORE_DAY),
    ...env,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    VIACEP_ENABLED: "false",
    PUBLIC_URL: "http://localhost:3000",
  })
  let runtime: ReturnType<typeof createAppRuntime>
  let app: Awaited<ReturnType<typeof apiApp>>
  let db: Kysely<Database>
  let collectionId: string
  let collectionSlug: string
  let addressId: string

  const asAna = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    effect.pipe(
      Effect.provideService(CurrentUser, { viewer: ana }),
      Effect.provideService(ClientAddress, "10.1.2.3"),
    )
  const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error("condition not reached in time")
  }

  beforeAll(async () => {
    runtime = createAppRuntime(config, {
      database: await testTarget(config),
      dispatcher: { idlePollMs: 50 },
      logger: createLogger("silent"),
    })
    app = await apiApp(runtime, config)
    db = (await runtime.runPromise(Db.use((s) => Effect.succeed(s)))).db
    await seedDemoCatalog(db, await clockNow(runtime))
    const collection = await db
      .selectFrom("legendarium_collections")
      .select(["id", "slug"])
      .where("is_active", "=", true)
      .orderBy("id")
      .executeTakeFirstOrThrow()
    collectionId = collection.id
    collectionSlug = collection.slug
    await db
      .insertInto("auth_user")
      .values({ ...ana, role: null, appRole: null })
      .execute()
    addressId = (
      await db
        .insertInto("addresses")
        .values({
          user_id: ana.id,
          name: "Ana Souza",
          street: "Avenida Paulista",
          number: "1000",
          neighborhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          zip_code: "01310200",
          is_default: true,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("seeds the three period plans and keeps an edit, its audit entry apart from any order", async () => {
    const plans = await runtime.runPromise(PrepaidPlans.use((p) => p.list()))
    expect(plans).toEqual(DEFAULT_PREPAID_PLANS)
    const edited = { ...DEFAULT_PREPAID_PLANS[1]!, price: 150000, features: ["A, com vírgula", "B"] }
    const { id: _id, ...fields } = edited
    const saved = await runtime.runPromise(
      PrepaidPlans.use((p) => p.update("semiannual", fields, Date.now())),
    )
    expect(saved).toEqual(edited)
    expect(await runtime.runPromise(PrepaidPlans.use((p) => p.find("semiannual")))).toEqual(edited)
    const actor = { kind: "admin" as const, id: "adm", email: "adm@example.com" }
    const entry = { id: randomUUID(), planId: "semiannual", action: "update_plan", actor, at: Date.now() }
    const audit = (key: string) =>
      runtime.runPromise(
        OrderAuditLog.use((log) => log.recordPlanChange({ ...entry, actionKey: key, details: {} })),
      )
    expect(await audit("plan-key-0000000001")).toBe(true)
    expect(await audit("plan-key-0000000001")).toBe(false)
    expect(await runtime.runPromise(OrderAuditLog.use((log) => log.listForPlan("semiannual")))).toHaveLength(
      1,
    )
    const { id: _semi, ...original } = DEFAULT_PREPAID_PLANS[1]!
    await runtime.runPromise(PrepaidPlans.use((p) => p.update("semiannual", original, Date.now())))
  })

  it("refuses, in the table itself, a plan order without its plan and a plan put in production", async () => {
    const bad = sql`insert into orders (id, number, tracking_code, user_id, idempotency_key, kind, status,
      subtotal_cents, discount_cents, shipping_cents, total_cents, shipping, address, placed_at, pay_by, updated_at)
      values (${randomUUID()}, 'LG-X', 'T-X', ${ana.id}, 'k', 'plan', 'awaiting_payment', 0, 0, 0, 0, '{}', '{}',
      now(), now(), now())`
    await expect(bad.execute(db)).rejects.toThrow(/orders_plan_of_plan_orders/)
  })

  it("sells a quarterly plan by PIX in the sandbox until paid; PrepaidPlanPaid once, whatever the webhooks", async () => {
    const input: PlaceOrderInput = {
      plan: { collectionId, planId: "quarterly" },
      addressId,
      shippingOptionId: "plan",
      couponCode: null,
      idempotencyKey: randomUUID(),
      cpf: "123.456.789-09",
      payment: { method: "pix" },
    }
    const placed = await runtime.runPromiseExit(asAna(placeOrder(input)))
    if (!Exit.isSuccess(placed)) throw new Error(String(placed.cause))
    const order = placed.value
    expect(order).toMatchObject({ kind: "plan", status: "awaiting_payment", plan: { months: 3 } })
    expect(order.totals.shipping).toBe(0)
    expect(order.payment?.pix).not.toBeNull()

    const attempt = await db
      .selectFrom("payment_attempts")
      .select("gateway_payment_id")
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow()
    const gatewayId = attempt.gateway_payment_id ?? ""
    await paySandbox(config, runtime, gatewayId)
    // The sandbox notifies once; Mercado Pago may repeat itself: three more signed copies.
    for (let i = 0; i < 3; i++) {
      const headers = signWebhook({
        secret: webhookSecret(config),
        dataId: gatewayId,
        requestId: randomUUID(),
        now: await clockNow(runtime),
      })
      const res = await app.request(`${WEBHOOK_PATH}?data.id=${gatewayId}&type=payment`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id: gatewayId } }),
      })
      expect(res.status).toBe(200)
    }
    const paid = async () =>
      (await db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirst())
        ?.status === "paid"
    await waitFor(paid)
    // Let the queued copies be processed too before counting.
    await waitFor(
      async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from outbox_deliveries
          where status = 'pending'`.execute(db)
        ).rows[0]?.n === 0,
    ).catch(() => undefined)

    const row = await db
      .selectFrom("orders")
      .select(["kind", "status", "fulfilment_status", "plan", "total_cents"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ kind: "plan", status: "paid", fulfilment_status: "plan_active" })
    expect(row.plan).toMatchObject({ planId: "quarterly", months: 3, collectionId })
    const events = await db
      .selectFrom("outbox_events")
      .select(["type", "payload"])
      .where("type", "=", "PrepaidPlanPaid")
      .execute()
    expect(events).toHaveLength(1)
    expect(events[0]?.payload).toMatchObject({
      orderId: order.id,
      userId: ana.id,
      collectionId,
      planId: "quarterly",
      months: 3,
    })

    // The subscriptions module turns it into three covered months (each one shipment, once it begins) and
    // entitles Ana to the collection from the payment on.
    const months = () =>
      db
        .selectFrom("plan_months")
        .select(["month", "source_kind"])
        .where("source_id", "=", order.id)
        .execute()
    await waitFor(async () => (await months()).length === 3)
    expect((await months()).every((m) => m.source_kind === "prepaid")).toBe(true)
    const entitled = await db
      .selectFrom("collection_entitlements")
      .select(["month", "kind"])
      .where("source_id", "=", order.id)
      .execute()
    expect(entitled.map((e) => e.month?.trim()).sort()).toEqual(
      (await months()).map((m) => m.month.trim()).sort(),
    )
  }, 60_000)

  it("serves the collection's reveal calendar as text/calendar", async () => {
    const res = await app.request(`/colecoes/${collectionSlug}/calendario.ics`)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8")
    const text = await res.text()
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true)
    expect(text).toMatch(/DTSTART;TZID=America\/Sao_Paulo:\d{6}15T120000/)
    expect(text).toMatch(/DTSTART;VALUE=DATE:\d{6}14/)
    expect((await app.request("/colecoes/nao-existe/calendario.ics")).status).toBe(404)
  })
})
