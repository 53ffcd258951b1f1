import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { closeAccount } from "../../application/account/closeAccount"
import { previewAccountDeletion } from "../../application/account/previewAccountDeletion"
import { markForTrade } from "../../application/community/markForTrade"
import { offerTrade } from "../../application/community/offerTrade"
import { respondToTrade } from "../../application/community/respondToTrade"
import { advanceOrder } from "../../application/fulfilment/advanceOrder"
import { shipOrder } from "../../application/fulfilment/shipOrder"
import { ACCOUNT_CLOSED_TEMPLATE } from "../../application/mail/accountEmails"
import { placeOrder } from "../../application/orders/placeOrder"
import type { Viewer } from "../../application/ports/CurrentUser"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { GatewayBilling } from "../../application/ports/GatewayBilling"
import { SubscriptionGateway } from "../../application/ports/SubscriptionGateway"
import { endSubscriptionPeriods } from "../../application/subscriptions/endSubscriptionPeriods"
import { fulfilPlanMonths } from "../../application/subscriptions/fulfilPlanMonths"
import { reconcileSubscriptions } from "../../application/subscriptions/reconcileSubscriptions"
import { saoPauloInstant } from "../../domain/calendar"
import { TRADE_MESSAGES } from "../../domain/community/trades"
import { domainEvent } from "../../domain/events"
import { admin, afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"
import { STORE_DAY } from "../support/storeClock"
import { asViewer } from "../support/storeRuntime"

// Deleting an account with one order in each state, a recurring subscription paid a month ahead and a prepaid plan,
// on the real adapters with the dispatcher running: each open item ends by the deletion rule
// (domain/accounts/accountDeletion.ts), and afterwards no table holds the person's id: what the law keeps (orders,
// payments, subscriptions and their charges, refunds, the invoice data) stays with no owner, the rest is erased.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

/** Every column of the schema that holds an account's id. */
const USER_COLUMNS = sql<{ table_name: string; column_name: string }>`
  select table_name, column_name from information_schema.columns
  where table_schema = current_schema()
    and (column_name in ('user_id', 'follower_id', 'followee_id', 'profile_id', 'assigned_to')
         or column_name like '%\\_user\\_id' escape '\\')
  order by 1, 2`

describe.each(targets)("deleting an account with open orders on $name", (target) => {
  const store = afterPaymentStore(target, embedded)
  const { as, key, waitFor, settled, paidOrder } = store
  const ana = customer("del-ana", "Ana Souza")
  const bia = customer("del-bia", "Bia Costa")
  const caio = customer("del-caio", "Caio Lima")
  const duda = customer("del-duda", "Duda Reis")
  const edu = customer("del-edu", "Edu Alves")

  beforeAll(() => store.setUp([ana, bia, caio, duda, edu], 2), 60_000)
  afterAll(() => store.runtime.dispose())

  const advance = async (orderId: string, steps: readonly ("start_production" | "mark_produced")[]) => {
    for (const step of steps) await as(admin, advanceOrder({ orderId, actionKey: key(), step }))
  }
  /** The instant `days` after the store's day, for the jobs that run later on. */
  const later = (days: number) => days * 24 * 60 * 60_000
  const runLater = <A, E, R>(days: number, effect: Effect.Effect<A, E, R>) =>
    store.runtime.runPromise(asViewer(null, "10.1.1.1", effect, later(days)) as Effect.Effect<A, E, never>)
  /** Every numbered unit of the collections still out (reserved or sold, not returned), by product. */
  const unitsOut = async (collectionIds: readonly string[]) =>
    Object.fromEntries(
      (
        await store.db
          .selectFrom("collection_products")
          .select(["id", "edition_reserved", "edition_sold", "edition_returned"])
          .where("collection_id", "in", collectionIds)
          .execute()
      ).map((p) => [p.id, p.edition_reserved + p.edition_sold - p.edition_returned.length]),
    )
  const edition = (product: string) =>
    store.db
      .selectFrom("collection_products")
      .select(["edition_reserved", "edition_sold", "edition_returned"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()

  /** The refunds closing Ana's account asks the gateway for. */
  const gatewayRefunds: { chargeId: string; amount: number | null; key: string }[] = []
  const closing = Effect.gen(function* () {
    const gateway = yield* SubscriptionGateway
    return yield* closeAccount({ id: ana.id, email: ana.email }).pipe(
      Effect.provideService(SubscriptionGateway, {
        ...gateway,
        refundCharge: (chargeId, amount, key) => {
          gatewayRefunds.push({ chargeId, amount, key })
          return gateway.refundCharge(chargeId, amount, key)
        },
      }),
    )
  })

  it("ends each open order by the rule, keeps the records with no owner and leaves no trace of the id", async () => {
    const [first = "", second = ""] = store.products
    // As better-auth's sign-up records it: the forgetting finds her address in her own events.
    await store.runtime.runPromise(
      EventOutbox.use((outbox) =>
        outbox.record([
          domainEvent("UserRegistered", ana.id, { userId: ana.id, email: ana.email, name: ana.name }),
        ]),
      ),
    )
    const inProduction = await paidOrder(ana, first)
    await advance(inProduction.id, ["start_production"])
    const notProduced = await paidOrder(ana, first)
    const delivered = await paidOrder(ana, first)
    await advance(delivered.id, ["start_production", "mark_produced"])
    await as(
      admin,
      shipOrder({
        orderId: delivered.id,
        actionKey: key(),
        carrier: "Correios",
        service: "SEDEX",
        trackingCode: "AA123456789BR",
      }),
    )
    await as(admin, advanceOrder({ orderId: delivered.id, actionKey: key(), step: "mark_delivered" }))
    await store.db
      .insertInto("cart_items")
      .values({ user_id: ana.id, product_id: second, quantity: 1 })
      .execute()
    const unpaid = await as(
      ana,
      placeOrder({
        addressId: store.addressOf(ana),
        shippingOptionId: null,
        couponCode: null,
        idempotencyKey: key(),
        cpf: store.cpfOf(ana),
        payment: { method: "pix" },
      }),
    )
    expect(unpaid.status).toBe("awaiting_payment")
    await store.db
      .insertInto("waitlist_entries")
      .values({
        user_id: ana.id,
        product_id: second,
        status: "waiting",
        joined_at: new Date(),
        updated_at: new Date(),
      })
      .execute()
    for (const o of [inProduction, notProduced, delivered, unpaid]) await settled(o.id)
    const reservedBefore = (await edition(second)).edition_reserved

    // A bimonthly subscription and a quarterly prepaid plan of two other collections, bought on 20 October: each
    // covers November on, the subscription paying December ahead. November begins, its parcels are made, and the
    // plan's goes into production.
    const [, , subscribedTo = "", planOf = ""] = (
      await store.db
        .selectFrom("legendarium_collections")
        .select("id")
        .where("is_active", "=", true)
        .orderBy("display_order")
        .execute()
    ).map((c) => c.id)
    // Their characters of November to January are numbered, so each month paid ahead holds its unit.
    const monthCharacters = await store.db
      .selectFrom("collection_products")
      .select(["id", "collection_id", "edition_year", "display_month"])
      .where("collection_id", "in", [subscribedTo, planOf])
      .where((eb) =>
        eb.or([
          eb.and([eb("edition_year", "=", 2026), eb("display_month", "in", [11, 12])]),
          eb.and([eb("edition_year", "=", 2027), eb("display_month", "=", 1)]),
        ]),
      )
      .execute()
    await store.db
      .updateTable("collection_products")
      .set({ edition_size: 50, collector_limit: null })
      .where(
        "id",
        "in",
        monthCharacters.map((c) => c.id),
      )
      .execute()
    const character = (collectionId: string, month: string) =>
      monthCharacters.find(
        (c) =>
          c.collection_id === collectionId &&
          `${c.edition_year}-${String(c.display_month).padStart(2, "0")}` === month,
      )?.id ?? ""
    const unitsBefore = await unitsOut([subscribedTo, planOf])
    const subscription = await store.subscribed(ana, subscribedTo, "bimonthly-plan")
    expect(subscription.status).toBe("active")
    const plan = await store.paidPlan(ana, planOf, "quarterly")
    await settled(plan.id)
    await settled(subscription.subscriptionId)
    const monthsOf = (sourceId: string) =>
      store.db
        .selectFrom("plan_months")
        .select(["month", "order_id", "user_id"])
        .where("source_id", "=", sourceId)
        .orderBy("month")
        .execute()
    await waitFor(async () => (await monthsOf(plan.id)).length === 3)
    expect((await monthsOf(subscription.subscriptionId)).map((m) => m.month)).toEqual(["2026-11", "2026-12"])
    expect((await monthsOf(plan.id)).map((m) => m.month)).toEqual(["2026-11", "2026-12", "2027-01"])
    const novemberThird = saoPauloInstant({ year: 2026, month: 11, day: 3 }, 1) - STORE_DAY
    expect(await runLater(novemberThird / later(1), fulfilPlanMonths())).toMatchObject({ shipped: 2 })
    const [subscriptionMonth = "", planMonth = ""] = await Promise.all(
      [subscription.subscriptionId, plan.id].map(async (id) => (await monthsOf(id))[0]?.order_id ?? ""),
    )
    await advance(planMonth, ["start_production"])
    for (const id of [subscriptionMonth, planMonth]) await settled(id)
    const { preapproval_id: preapproval } = await store.db
      .selectFrom("subscriptions")
      .select("preapproval_id")
      .where("id", "=", subscription.subscriptionId)
      .executeTakeFirstOrThrow()
    const chargesBefore = await store.db
      .selectFrom("subscription_charges")
      .select(["id", "amount_cents", "status"])
      .where("subscription_id", "=", subscription.subscriptionId)
      .execute()
    expect(chargesBefore).toHaveLength(1)
    // One unit out for each month paid for: shipped or held ahead.
    const held = (collectionId: string, months: readonly string[]) =>
      Object.fromEntries(
        months.map((m) => [character(collectionId, m), unitsBefore[character(collectionId, m)]! + 1]),
      )
    expect(await unitsOut([subscribedTo, planOf])).toEqual({
      ...unitsBefore,
      ...held(subscribedTo, ["2026-11", "2026-12"]),
      ...held(planOf, ["2026-11", "2026-12", "2027-01"]),
    })

    // What the dialog lists before the password: the open orders and their fate, not the delivered one.
    const preview = await as(ana, previewAccountDeletion())
    expect(Object.fromEntries(preview.map((i) => [i.id, i.outcome]))).toEqual({
      [inProduction.id]: "ships",
      [notProduced.id]: "cancel_refund",
      [unpaid.id]: "cancel_unpaid",
      [subscription.subscriptionId]: "end_subscription",
      [subscriptionMonth]: "ships",
      [plan.id]: "end_plan",
      [planMonth]: "ships",
    })

    // What better-auth does after the password: close, delete the row, record the events.
    const items = await store.runtime.runPromise(closing)
    await store.db.deleteFrom("auth_user").where("id", "=", ana.id).execute()
    await store.runtime.runPromise(
      EventOutbox.use((outbox) =>
        outbox.record([
          domainEvent("AccountDeleted", ana.id, { userId: ana.id }),
          domainEvent("AccountClosed", "closing-del-ana", { email: ana.email, name: ana.name, items }),
        ]),
      ),
    )
    for (const id of [
      ana.id,
      "closing-del-ana",
      inProduction.id,
      notProduced.id,
      unpaid.id,
      plan.id,
      subscription.subscriptionId,
    ])
      await settled(id)

    const orders = await store.db
      .selectFrom("orders")
      .select(["id", "user_id", "status", "fulfilment_status", "cpf", "units_released_at"])
      .where("id", "in", [inProduction.id, notProduced.id, delivered.id, unpaid.id])
      .execute()
    const byId = new Map(orders.map((o) => [o.id, o]))
    // Kept for the law, with no owner; the invoice's CPF stays with it.
    for (const o of orders)
      expect(o).toMatchObject({ user_id: null, cpf: store.cpfOf(ana).replace(/\D/g, "") })
    expect(byId.get(inProduction.id)).toMatchObject({ status: "paid", fulfilment_status: "in_production" })
    expect(byId.get(delivered.id)).toMatchObject({ status: "paid", fulfilment_status: "delivered" })
    expect(byId.get(unpaid.id)).toMatchObject({ status: "cancelled" })
    // Cancelled with a full refund, its unit back once through OrderReleased.
    await waitFor(
      async () =>
        (
          await store.db
            .selectFrom("orders")
            .select("units_released_at")
            .where("id", "=", notProduced.id)
            .executeTakeFirstOrThrow()
        ).units_released_at !== null,
    )
    expect(byId.get(notProduced.id)?.fulfilment_status).toMatch(/^(cancelled|refunded)$/)
    const refunds = await store.db
      .selectFrom("refunds")
      .selectAll()
      .where("order_id", "=", notProduced.id)
      .execute()
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount_cents: notProduced.totals.total })
    // The unpaid order's unit left the reservations.
    expect((await edition(second)).edition_reserved).toBe(reservedBefore - 1)
    const released = await store.db
      .selectFrom("outbox_events")
      .select("aggregate_id")
      .where("type", "=", "OrderReleased")
      .where("aggregate_id", "in", [inProduction.id, notProduced.id, delivered.id, unpaid.id])
      .execute()
    expect(released.map((r) => r.aggregate_id)).toEqual([notProduced.id])

    // The subscription: cancelled at the gateway and here, kept with its charge and no owner, CPF or card.
    expect(
      await store.db
        .selectFrom("sandbox_preapprovals")
        .select("status")
        .where("id", "=", preapproval ?? "")
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "cancelled" })
    expect(
      await store.db
        .selectFrom("subscriptions")
        .select(["status", "user_id", "cpf", "card_last_four", "amount_cents"])
        .where("id", "=", subscription.subscriptionId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "cancelled", user_id: null, cpf: null, card_last_four: null })
    // November's parcel ships; December, paid ahead but not yet made into a parcel, ends with the subscription
    // and its share of the bimonthly charge goes back: the charge keeps November, partly refunded.
    expect(await monthsOf(subscription.subscriptionId)).toEqual([
      { month: "2026-11", order_id: subscriptionMonth, user_id: null },
    ])
    const [charge] = chargesBefore
    const refunded = async () => ({
      kept: await store.db
        .selectFrom("subscription_charges")
        .select(["status", "status_detail", "months"])
        .where("id", "=", charge?.id ?? "")
        .executeTakeFirstOrThrow(),
      atGateway: await store.db
        .selectFrom("sandbox_preapproval_charges")
        .select(["status", "status_detail"])
        .where("id", "=", charge?.id ?? "")
        .executeTakeFirstOrThrow(),
    })
    expect(await refunded()).toEqual({
      kept: { status: "approved", status_detail: "partially_refunded", months: ["2026-11"] },
      atGateway: { status: "approved", status_detail: "partially_refunded" },
    })
    // Closing again (the deletion retried) refunds nothing more and keeps November.
    expect(gatewayRefunds).toEqual([
      {
        chargeId: charge?.id,
        amount: Math.floor((charge?.amount_cents ?? 0) / 2),
        key: `refund-charge-${charge?.id}-2026-12`,
      },
    ])
    await store.runtime.runPromise(closing)
    expect(gatewayRefunds).toHaveLength(1)
    expect(await monthsOf(subscription.subscriptionId)).toHaveLength(1)
    // The prepaid plan: called off and refunded once, its unbegun months gone, the month in production ships.
    await waitFor(async () => (await monthsOf(plan.id)).length === 1)
    expect(await monthsOf(plan.id)).toEqual([{ month: "2026-11", order_id: planMonth, user_id: null }])
    const planRefunds = await store.db
      .selectFrom("refunds")
      .select("amount_cents")
      .where("order_id", "=", plan.id)
      .execute()
    expect(planRefunds).toEqual([{ amount_cents: plan.totals.total }])
    const monthOrders = await store.db
      .selectFrom("orders")
      .select(["id", "status", "fulfilment_status", "user_id"])
      .where("id", "in", [subscriptionMonth, planMonth])
      .orderBy("fulfilment_status")
      .execute()
    expect(monthOrders).toEqual([
      { id: subscriptionMonth, status: "paid", fulfilment_status: "awaiting_production", user_id: null },
      { id: planMonth, status: "paid", fulfilment_status: "in_production", user_id: null },
    ])
    // No charge ever again, and the jobs that walk subscriptions and months pass the ownerless ones by.
    for (const days of [15, 45, 75]) {
      await runLater(days, reconcileSubscriptions())
      await runLater(days, endSubscriptionPeriods())
      await runLater(days, fulfilPlanMonths())
      await store.runtime.runPromise(
        GatewayBilling.use((billing) => billing.chargeDue(STORE_DAY + later(days))),
      )
    }
    expect(
      await store.db
        .selectFrom("subscription_charges")
        .select(["id", "amount_cents", "status"])
        .where("subscription_id", "=", subscription.subscriptionId)
        .execute(),
    ).toEqual(chargesBefore)
    // Each unit of a month that ended went back exactly once; the two parcels that ship keep theirs.
    expect(await unitsOut([subscribedTo, planOf])).toEqual({
      ...unitsBefore,
      ...held(subscribedTo, ["2026-11"]),
      ...held(planOf, ["2026-11"]),
    })

    // No table holds the id any more: erased (the profile and everything about the person) or kept with no owner.
    const { rows: columns } = await USER_COLUMNS.execute(store.db)
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining([
        "orders.user_id",
        "cart_items.user_id",
        "waitlist_entries.user_id",
        "trades.from_user_id",
      ]),
    )
    const left: string[] = []
    for (const { table_name, column_name } of columns) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}
        where ${sql.ref(column_name)}::text = ${ana.id}`.execute(store.db)
      if ((rows[0]?.n ?? 0) > 0) left.push(`${table_name}.${column_name}`)
    }
    expect(left).toEqual([])
    // The events about her keep only the id (the deletion's own), the e-mail log no address but the last one's.
    const events = await store.db
      .selectFrom("outbox_events")
      .select(["type", "payload"])
      .where("aggregate_id", "=", ana.id)
      .execute()
    for (const e of events.filter((e) => e.type !== "AccountDeleted"))
      expect(e.payload).toEqual({ userId: ana.id, erased: true })
    const mailbox = await store.db
      .selectFrom("dev_mailbox")
      .select(["recipient", "subject"])
      .where("recipient", "=", ana.email)
      .execute()
    expect(mailbox).toEqual([{ recipient: ana.email, subject: "Sua conta foi excluída — Legendarium" }])
    const log = await store.db
      .selectFrom("sent_emails")
      .select(["template", "recipient"])
      .where("recipient", "=", ana.email)
      .execute()
    expect(log.every((l) => l.template === ACCOUNT_CLOSED_TEMPLATE)).toBe(true)
    // Bia is untouched.
    expect(
      await store.db.selectFrom("auth_user").select("id").where("id", "=", bia.id).execute(),
    ).toHaveLength(1)
  }, 180_000)

  /** The piece a paid order gives its collector, once the payment's handlers have run. */
  const pieceBought = async (viewer: Viewer, product: string) => {
    const order = await paidOrder(viewer, product)
    const piece = () =>
      store.db
        .selectFrom("collector_pieces")
        .select(["id", "user_id", "is_for_trade", "revoked_at"])
        .where("order_id", "=", order.id)
        .executeTakeFirst()
    await waitFor(async () => (await piece()) !== undefined)
    return (await piece()) ?? { id: "" }
  }

  it("ends each open trade of the account before it goes, tells the other side and leaves their pieces", async () => {
    const [first = "", second = ""] = store.products
    const caioPiece = await pieceBought(caio, first)
    const dudaPiece = await pieceBought(duda, second)
    const eduPiece = await pieceBought(edu, second)
    await as(duda, markForTrade({ pieceId: dudaPiece.id, forTrade: true }))
    await as(caio, markForTrade({ pieceId: caioPiece.id, forTrade: true }))
    const byCaio = await as(
      caio,
      offerTrade({ fromPieceId: caioPiece.id, toPieceId: dudaPiece.id, message: "" }),
    )
    const toCaio = await as(
      edu,
      offerTrade({ fromPieceId: eduPiece.id, toPieceId: caioPiece.id, message: "" }),
    )
    await as(caio, respondToTrade({ tradeId: toCaio.id, answer: "accept" }))

    const preview = await as(caio, previewAccountDeletion())
    expect(preview.filter((i) => i.kind === "trade")).toEqual([
      expect.objectContaining({
        id: byCaio.id,
        outcome: "end_trade",
        label: expect.stringMatching(/^Troca com Duda R\.: /),
      }),
      expect.objectContaining({
        id: toCaio.id,
        outcome: "end_trade",
        label: expect.stringMatching(/^Troca com Edu A\.: /),
      }),
    ])

    const items = await store.runtime.runPromise(closeAccount({ id: caio.id, email: caio.email }))
    expect(items.filter((i) => i.outcome === "end_trade")).toHaveLength(2)
    // Ended as a cancellation, with its reason, before the account's row takes them away.
    const trades = await store.db
      .selectFrom("trades")
      .select(["id", "status", "cancellation_reason"])
      .where("id", "in", [byCaio.id, toCaio.id])
      .execute()
    expect(trades).toHaveLength(2)
    for (const t of trades)
      expect(t).toMatchObject({ status: "cancelled", cancellation_reason: TRADE_MESSAGES.accountDeleted })
    await store.db.deleteFrom("auth_user").where("id", "=", caio.id).execute()
    for (const id of [byCaio.id, toCaio.id]) await settled(id)

    // Each other side is told in the list and by e-mail, with Caio's public name alone.
    const told = await store.db
      .selectFrom("notifications")
      .select(["user_id", "title", "message", "action_url"])
      .where("dedupe_key", "in", [`trade:${byCaio.id}:cancelled`, `trade:${toCaio.id}:cancelled`])
      .orderBy("user_id")
      .execute()
    expect(told).toEqual([
      {
        user_id: duda.id,
        title: "Troca encerrada",
        message: "A proposta de troca com Caio L. foi encerrada porque a conta dessa pessoa foi excluída.",
        action_url: expect.stringMatching(/\/trocas$/),
      },
      {
        user_id: edu.id,
        title: "Troca encerrada",
        message: "A troca com Caio L. foi encerrada porque a conta dessa pessoa foi excluída.",
        action_url: expect.stringMatching(/\/trocas$/),
      },
    ])
    await waitFor(async () => {
      const mailed = await store.db
        .selectFrom("dev_mailbox")
        .select("recipient")
        .where("subject", "=", "Troca encerrada — Legendarium")
        .execute()
      return (
        mailed
          .map((m) => m.recipient)
          .sort()
          .join() === [duda.email, edu.email].sort().join()
      )
    })
    // The pieces the trades asked for never left their collectors, and Duda's is still offered for trade.
    const kept = await store.db
      .selectFrom("collector_pieces")
      .select(["id", "user_id", "is_for_trade", "revoked_at"])
      .where("id", "in", [dudaPiece.id, eduPiece.id])
      .orderBy("user_id")
      .execute()
    expect(kept).toEqual([
      { id: dudaPiece.id, user_id: duda.id, is_for_trade: true, revoked_at: null },
      { id: eduPiece.id, user_id: edu.id, is_for_trade: false, revoked_at: null },
    ])
  }, 180_000)
})
