import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { advanceOrder } from "../../application/fulfilment/advanceOrder"
import { cancelOrder } from "../../application/fulfilment/cancelOrder"
import { refundOrder } from "../../application/fulfilment/refundOrder"
import { shipOrder } from "../../application/fulfilment/shipOrder"
import { admin, afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"
import { clockNow } from "../support/storeRuntime"

// After payment on the real adapters, the sandbox gateway and the event dispatcher: refunds reach the gateway
// once, two administrators shipping at once make one parcel and one e-mail, certificates follow payment.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

describe.each(targets)("after payment on $name, with the sandbox gateway and the dispatcher", (target) => {
  const store = afterPaymentStore(target, embedded)
  const { as, runExit, key, waitFor, mails } = store
  const ana = customer("ana", "Ana Souza")
  const paidOrder = () => store.paidOrder(ana)
  let db: Kysely<Database>
  let product = ""

  beforeAll(async () => {
    await store.setUp([ana])
    db = store.db
    product = store.products[0] ?? ""
  }, 60_000)
  afterAll(() => store.runtime.dispose())

  it("certifies the paid unit, and refunds a cancelled order at the gateway once, telling the customer", async () => {
    const order = await paidOrder()
    await waitFor(
      async () =>
        (await db.selectFrom("certificates").select("code").where("order_id", "=", order.id).execute())
          .length === 1,
    )
    await as(admin, refundOrder({ orderId: order.id, actionKey: key(), amount: 1000, note: "Atraso" }))
    await as(admin, cancelOrder({ orderId: order.id, actionKey: key() }))
    await waitFor(async () => {
      const row = await db
        .selectFrom("orders")
        .select("fulfilment_status")
        .where("id", "=", order.id)
        .executeTakeFirst()
      return row?.fulfilment_status === "refunded"
    })
    const bank = await db
      .selectFrom("sandbox_payments")
      .select(["status", "refunded_cents", "amount_cents"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow()
    expect(bank).toMatchObject({ status: "refunded", refunded_cents: bank.amount_cents })
    const refunds = await db
      .selectFrom("refunds")
      .select(["amount_cents", "status"])
      .where("order_id", "=", order.id)
      .orderBy("requested_at")
      .execute()
    expect(refunds).toEqual([
      { amount_cents: 1000, status: "completed" },
      { amount_cents: order.totals.total - 1000, status: "completed" },
    ])
    // The order's end is an event of its own (OrderReleased): its handler revokes the certificate after the
    // refund's commit, so the test waits for it as for the e-mails.
    await waitFor(
      async () =>
        (
          await db
            .selectFrom("certificates")
            .select("revoked_at")
            .where("order_id", "=", order.id)
            .executeTakeFirstOrThrow()
        ).revoked_at !== null,
    )
    await waitFor(async () => (await mails(`Reembolso do pedido ${order.number}`)).length === 2)
    expect(await mails(`Pedido ${order.number} cancelado`)).toHaveLength(1)
  }, 60_000)

  it("gives the collector the paid unit and its points once, even when the payment event comes again", async () => {
    const before = await db
      .selectFrom("points_ledger")
      .select("id")
      .where("user_id", "=", ana.id)
      .where("kind", "=", "purchase")
      .execute()
    const order = await paidOrder()
    const pieceOf = () =>
      db
        .selectFrom("collector_pieces")
        .select(["product_id", "source", "revoked_at"])
        .where("order_id", "=", order.id)
        .execute()
    await waitFor(async () => (await pieceOf()).length === 1)
    const approved = await db
      .selectFrom("outbox_events")
      .selectAll()
      .where("type", "=", "PaymentApproved")
      .where("aggregate_id", "=", order.id)
      .executeTakeFirstOrThrow()
    // The same payment, appended again (a duplicate webhook would be refused earlier; this is the last guard).
    await db
      .insertInto("outbox_events")
      .values({
        type: approved.type,
        version: approved.version,
        aggregate_id: approved.aggregate_id,
        payload: JSON.stringify(approved.payload),
        occurred_at: approved.occurred_at,
        next_attempt_at: new Date(await clockNow(store.runtime)),
      })
      .execute()
    await waitFor(async () => {
      const pending = await db
        .selectFrom("outbox_events")
        .select("id")
        .where("aggregate_id", "=", order.id)
        .where("status", "=", "pending")
        .execute()
      return pending.length === 0
    })
    expect(await pieceOf()).toEqual([{ product_id: product, source: "purchase", revoked_at: null }])
    const purchases = await db
      .selectFrom("points_ledger")
      .select(["points", "coins"])
      .where("user_id", "=", ana.id)
      .where("reference", "=", `order:${order.id}`)
      .execute()
    expect(purchases).toEqual([{ points: 100, coins: 10 }])
    const stats = await db
      .selectFrom("collector_stats")
      .selectAll()
      .where("user_id", "=", ana.id)
      .executeTakeFirstOrThrow()
    expect(stats.pieces).toBeGreaterThanOrEqual(1)
    expect(stats.streak).toBe(1)
    const firstCharacter = await db
      .selectFrom("collector_achievements")
      .select("code")
      .where("user_id", "=", ana.id)
      .where("code", "=", "first_character")
      .execute()
    expect(firstCharacter).toHaveLength(1)
    expect(before.length + 1).toBe(
      (
        await db
          .selectFrom("points_ledger")
          .select("id")
          .where("user_id", "=", ana.id)
          .where("kind", "=", "purchase")
          .execute()
      ).length,
    )

    // Cancelled after payment: the unit goes back and its points are undone, once.
    await as(admin, cancelOrder({ orderId: order.id, actionKey: key() }))
    await waitFor(async () => (await pieceOf())[0]?.revoked_at != null)
    const reversal = await db
      .selectFrom("points_ledger")
      .select(["points", "coins"])
      .where("user_id", "=", ana.id)
      .where("reference", "=", `purchase:order:${order.id}`)
      .execute()
    expect(reversal).toEqual([{ points: -100, coins: -10 }])
  }, 60_000)

  it("makes one parcel and one e-mail when two administrators ship the same order at once", async () => {
    const order = await paidOrder()
    await as(admin, advanceOrder({ orderId: order.id, actionKey: key(), step: "start_production" }))
    await as(admin, advanceOrder({ orderId: order.id, actionKey: key(), step: "mark_produced" }))
    const ship = (code: string) =>
      runExit(
        admin,
        shipOrder({
          orderId: order.id,
          actionKey: key(),
          carrier: "Correios",
          service: "SEDEX",
          trackingCode: code,
        }),
      )
    const exits = await Promise.all([ship("AA100000001BR"), ship("AA200000002BR"), ship("AA300000003BR")])
    expect(exits.filter((e) => e._tag === "Success")).toHaveLength(1)
    expect(
      (await db.selectFrom("shipments").select("id").where("order_id", "=", order.id).execute()).length,
    ).toBe(1)
    await waitFor(async () => (await mails(`Seu pedido ${order.number} foi enviado`)).length > 0)
    await new Promise((r) => setTimeout(r, 500))
    expect(await mails(`Seu pedido ${order.number} foi enviado`)).toHaveLength(1)
    expect(await mails(`Seu pedido ${order.number} está em produção`)).toHaveLength(1)
    // In the header's list too (type shipment_update), once each, linked to the order's page.
    const shippedNotices = () =>
      db
        .selectFrom("notifications")
        .select(["title", "message", "action_url"])
        .where("user_id", "=", ana.id)
        .where("title", "=", "Pedido enviado")
        .where("message", "like", `%${order.number}%`)
        .execute()
    await waitFor(async () => (await shippedNotices()).length > 0)
    const told = await db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", ana.id)
      .where("dedupe_key", "=", `order-in-production:${order.id}`)
      .execute()
    const shipped = await shippedNotices()
    expect(told.map((n) => n.title)).toEqual(["Pedido em produção"])
    expect(shipped).toHaveLength(1)
    expect(shipped[0]?.action_url).toMatch(new RegExp(`/perfil/pedidos/${order.id}$`))
    expect(shipped[0]?.message).toMatch(/Código de rastreio: AA[123]0000000[123]BR\./)
  }, 60_000)
})
