import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { closeAccount } from "../../application/account/closeAccount"
import { previewAccountDeletion } from "../../application/account/previewAccountDeletion"
import { advanceOrder } from "../../application/fulfilment/advanceOrder"
import { shipOrder } from "../../application/fulfilment/shipOrder"
import { ACCOUNT_CLOSED_TEMPLATE } from "../../application/mail/accountEmails"
import { placeOrder } from "../../application/orders/placeOrder"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { domainEvent } from "../../domain/events"
import { admin, afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"

// Deleting an account with one order in each state, on the real adapters with the dispatcher running: each open
// order ends by the deletion rule (domain/accountDeletion.ts), and afterwards no table holds the person's id: what
// the law keeps (orders, payments, refunds, the invoice data) stays with no owner, everything else is erased.
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

  beforeAll(() => store.setUp([ana, bia], 2), 60_000)
  afterAll(() => store.runtime.dispose())

  const advance = async (orderId: string, steps: readonly ("start_production" | "mark_produced")[]) => {
    for (const step of steps) await as(admin, advanceOrder({ orderId, actionKey: key(), step }))
  }
  const edition = (product: string) =>
    store.db
      .selectFrom("collection_products")
      .select(["edition_reserved", "edition_sold", "edition_returned"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()

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

    // What the dialog lists before the password: the open orders and their fate, not the delivered one.
    const preview = await as(ana, previewAccountDeletion())
    expect(Object.fromEntries(preview.map((i) => [i.id, i.outcome]))).toEqual({
      [inProduction.id]: "ships",
      [notProduced.id]: "cancel_refund",
      [unpaid.id]: "cancel_unpaid",
    })

    // What better-auth does after the password: close, delete the row, record the events.
    const items = await store.runtime.runPromise(closeAccount({ id: ana.id, email: ana.email }))
    await store.db.deleteFrom("auth_user").where("id", "=", ana.id).execute()
    await store.runtime.runPromise(
      EventOutbox.use((outbox) =>
        outbox.record([
          domainEvent("AccountDeleted", ana.id, { userId: ana.id }),
          domainEvent("AccountClosed", "closing-del-ana", { email: ana.email, name: ana.name, items }),
        ]),
      ),
    )
    for (const id of [ana.id, "closing-del-ana", inProduction.id, notProduced.id, unpaid.id])
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
})
