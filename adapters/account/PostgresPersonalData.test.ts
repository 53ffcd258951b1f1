import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountData } from "../../application/ports/AccountData"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { OrderStore } from "../../application/ports/OrderStore"
import { PersonalData } from "../../application/ports/PersonalData"
import { domainEvent } from "../../domain/events"
import { anAttempt, anOrder } from "../../tests/fakes/orderFixtures"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import { SystemClockLayer } from "../clock/SystemClock"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresEventOutboxLayer } from "../events/PostgresOutbox"
import { PostgresOrderStoreLayer } from "../orders/PostgresOrderStore"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresAccountDataLayer } from "./PostgresAccountData"
import { PostgresPersonalDataLayer } from "./PostgresPersonalData"

const databases = await testDatabases()

describe.each(databases)("forgetting a deleted account on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await migrated(database)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("blanks the person's events and removes their address from the e-mail logs, and no one else's", async () => {
    const layer = Layer.mergeAll(PostgresEventOutboxLayer, PostgresPersonalDataLayer).pipe(
      Layer.provide(Db.fromHandle(handle)),
      Layer.provide(SystemClockLayer),
    )
    const ana = { userId: "u-ana", email: "Ana@Example.com", name: "Ana" }
    const bia = { userId: "u-bia", email: "bia@example.com", name: "Bia" }
    await Effect.runPromise(
      EventOutbox.use((o) =>
        o.record([
          domainEvent("UserRegistered", ana.userId, ana),
          domainEvent("PasswordChanged", ana.userId, { ...ana, at: 0 }),
          domainEvent("UserRegistered", bia.userId, bia),
          domainEvent("AccountDeleted", ana.userId, { userId: ana.userId }),
        ]),
      ).pipe(Effect.provide(layer)),
    )
    for (const recipient of ["ana@example.com", "bia@example.com"]) {
      await handle.db
        .insertInto("sent_emails")
        .values({ event_id: recipient, template: "welcome", recipient, subject: "Oi", status: "sent" })
        .execute()
      await handle.db
        .insertInto("dev_mailbox")
        .values({ recipient, subject: "Oi", html: "", text: "" })
        .execute()
    }

    for (const [i, email] of ["ana@example.com", "bia@example.com"].entries()) {
      const id = `00000000-0000-4000-8000-00000000c0d${i}`
      const at = new Date()
      await handle.db
        .insertInto("support_tickets")
        .values({
          id,
          user_id: null,
          name: "Cliente",
          email,
          category: "other",
          subject: "Dúvida",
          order_id: null,
          assigned_to: null,
          created_at: at,
          updated_at: at,
          last_message_at: at,
        })
        .execute()
      await handle.db
        .insertInto("support_messages")
        .values({ id, ticket_id: id, author: "customer", author_user_id: null, body: "Oi", created_at: at })
        .execute()
    }

    await Effect.runPromise(PersonalData.use((p) => p.forget(ana.userId)).pipe(Effect.provide(layer)))

    const events = await handle.db
      .selectFrom("outbox_events")
      .select(["type", "aggregate_id", "payload", "status"])
      .orderBy("id")
      .execute()
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ["UserRegistered", "done"],
      ["PasswordChanged", "done"],
      ["UserRegistered", "pending"],
      ["AccountDeleted", "pending"],
    ])
    expect(JSON.stringify(events.filter((e) => e.aggregate_id === ana.userId))).not.toMatch(/ana@|"Ana"/i)
    expect(events[2]!.payload).toEqual(bia)
    const log = await handle.db.selectFrom("sent_emails").select("recipient").orderBy("recipient").execute()
    expect(log.map((r) => r.recipient)).toEqual(["[removido]", "bia@example.com"])
    const kept = await sql<{ recipient: string }>`select recipient from dev_mailbox`.execute(handle.db)
    expect(kept.rows.map((r) => r.recipient)).toEqual(["bia@example.com"])
    const tickets = await handle.db.selectFrom("support_tickets").select("email").execute()
    expect(tickets.map((t) => t.email)).toEqual(["bia@example.com"])
    expect(await handle.db.selectFrom("support_messages").select("id").execute()).toHaveLength(1)
  })
})

// Each suite disposes of its databases.
const moreDatabases = await testDatabases()

describe.each(moreDatabases)(
  "a customer's addresses, details and orders on $name",
  (database: TestDatabase) => {
    let handle: DatabaseHandle
    let layer: Layer.Layer<AccountData | OrderStore | PersonalData>
    const ids = {
      anaOrder: "6f1c1d52-0000-4000-8000-000000000001",
      anaAttempt: "6f1c1d52-0000-4000-8000-000000000002",
      biaOrder: "6f1c1d52-0000-4000-8000-000000000003",
    }
    const run = <A>(e: Effect.Effect<A, never, AccountData | OrderStore | PersonalData>) =>
      Effect.runPromise(Effect.provide(e, layer))

    beforeAll(async () => {
      handle = await migrated(database)
      await seedDemoCatalog(handle.db, Date.UTC(2026, 10, 21, 12))
      const [goku, vegeta] = await handle.db
        .selectFrom("collection_products")
        .select(["id", "collection_id"])
        .limit(2)
        .execute()
      layer = Layer.mergeAll(
        PostgresAccountDataLayer,
        PostgresOrderStoreLayer,
        PostgresPersonalDataLayer,
      ).pipe(Layer.provide(Db.fromHandle(handle)))
      for (const id of ["u-ana", "u-bia"]) {
        await handle.db
          .insertInto("auth_user")
          .values({
            id,
            name: id,
            email: `${id}@example.com`,
            emailVerified: true,
            role: null,
            appRole: null,
          })
          .execute()
        await handle.db
          .insertInto("addresses")
          .values({
            user_id: id,
            name: "Casa",
            street: "Avenida Paulista",
            number: "1578",
            complement: "apto 42",
            neighborhood: "Bela Vista",
            city: "São Paulo",
            state: "SP",
            zip_code: "01310200",
            is_default: true,
          })
          .execute()
        await handle.db
          .insertInto("customer_details")
          .values({ user_id: id, phone: "11987654321", cpf: "12345678909" })
          .execute()
      }
      const lines = anOrder().lines.map((line, i) => {
        const product = [goku, vegeta][i]!
        return { ...line, productId: product.id, collectionId: product.collection_id }
      })
      await run(
        OrderStore.use((store) =>
          Effect.gen(function* () {
            yield* store.insertIfNew(
              anOrder({
                id: ids.anaOrder,
                userId: "u-ana",
                lines,
                couponId: null,
                currentAttemptId: ids.anaAttempt,
              }),
              "key-ana-0000000001",
            )
            yield* store.insertAttempt(
              anAttempt({
                id: ids.anaAttempt,
                orderId: ids.anaOrder,
                method: "card",
                status: "approved",
                statusDetail: "accredited",
                installments: 3,
                paymentMethodId: "visa",
                cardLastFour: "4242",
                pix: null,
              }),
            )
            yield* store.insertIfNew(
              anOrder({
                id: ids.biaOrder,
                userId: "u-bia",
                number: "LG-2026-000124",
                trackingCode: "8R1CG2-G03G03",
                lines,
                couponId: null,
                currentAttemptId: null,
              }),
              "key-bia-0000000001",
            )
          }),
        ),
      )
    })
    afterAll(async () => {
      await handle?.close()
      await database.dispose()
    })

    it("exports the address book, phone and CPF, and the orders with lines and payments, never a secret", async () => {
      const ticket = "00000000-0000-4000-8000-0000000e0001"
      const at = new Date()
      await handle.db
        .insertInto("support_tickets")
        .values({
          id: ticket,
          user_id: "u-ana",
          name: "Ana",
          email: "ana@example.com",
          category: "shipping",
          subject: "Onde está meu pedido?",
          order_id: null,
          assigned_to: null,
          created_at: at,
          updated_at: at,
          last_message_at: at,
        })
        .execute()
      await handle.db
        .insertInto("support_messages")
        .values(
          (["customer", "note", "staff"] as const).map((author, i) => ({
            id: `00000000-0000-4000-8000-0000000e010${i}`,
            ticket_id: ticket,
            author,
            author_user_id: null,
            body: author === "note" ? "nota interna da equipe" : `mensagem ${author}`,
            created_at: new Date(at.getTime() + i),
          })),
        )
        .execute()
      const data = await run(AccountData.use((a) => a.exportFor("u-ana")))
      expect(data?.supportTickets).toMatchObject([
        {
          subject: "Onde está meu pedido?",
          messages: [
            { from: "cliente", body: "mensagem customer" },
            { from: "loja", body: "mensagem staff" },
          ],
        },
      ])
      expect(JSON.stringify(data)).not.toContain("nota interna")
      expect(data?.details).toEqual({ phone: "11987654321", cpf: "12345678909" })
      expect(data?.addresses).toMatchObject([{ zipCode: "01310200", isDefault: true, complement: "apto 42" }])
      expect(data?.orders).toHaveLength(1)
      const [order] = data?.orders ?? []
      expect(order).toMatchObject({
        number: "LG-2026-000123",
        status: "awaiting_payment",
        totals: { total: 56841 },
        couponCode: "NATAL10",
        cpf: "12345678909",
        lines: [
          { name: "Goku Super Saiyajin", quantity: 1, unitPrice: 29990, editionSize: 500 },
          { name: "Vegeta", quantity: 2 },
        ],
        payments: [
          { method: "card", status: "approved", amount: 56841, installments: 3, cardLastFour: "4242" },
        ],
      })
      // Gateway ids, PIX payloads and redirect links are the store's business, not the customer's data.
      expect(JSON.stringify(data)).not.toMatch(/mp-1|qrCode|redirect|gatewayPaymentId|u-bia/)
    })

    it("lets the account be deleted, then erases the address book and details and keeps the orders ownerless", async () => {
      const { id: collectionId } = await handle.db
        .selectFrom("legendarium_collections")
        .select("id")
        .executeTakeFirstOrThrow()
      const subscriptionId = "6f1c1d52-0000-4000-8000-000000000004"
      const at = new Date(Date.UTC(2026, 10, 21, 12))
      await handle.db
        .insertInto("subscriptions")
        .values({
          id: subscriptionId,
          user_id: "u-ana",
          collection_id: collectionId,
          idempotency_key: "sub-ana-0000000001",
          plan_id: "monthly-plan",
          frequency_months: 1,
          amount_cents: 29990,
          status: "cancelled",
          cpf: "12345678909",
          preapproval_id: "pre-ana",
          card_last_four: "4242",
          created_at: at,
          updated_at: at,
          checked_at: at,
        })
        .execute()
      await handle.db
        .insertInto("subscription_charges")
        .values({
          id: "charge-ana",
          subscription_id: subscriptionId,
          status: "approved",
          amount_cents: 29990,
          charged_at: at,
          retry_attempt: 0,
          months: JSON.stringify(["2026-12"]),
        })
        .execute()
      for (const [source, kind] of [
        [subscriptionId, "subscription"],
        [ids.anaOrder, "prepaid"],
      ] as const)
        await handle.db
          .insertInto("plan_months")
          .values({
            source_id: source,
            month: "2026-12",
            source_kind: kind,
            user_id: "u-ana",
            collection_id: collectionId,
            paid_at: at,
          })
          .execute()
      await handle.db
        .insertInto("plan_settings")
        .values({
          source_id: subscriptionId,
          user_id: "u-ana",
          reveal_notifications: true,
          new_plan_news: true,
        })
        .execute()
      // What better-auth does: the row goes first; the orders, subscriptions and plan months must not block it.
      await handle.db.deleteFrom("auth_user").where("id", "=", "u-ana").execute()
      await run(PersonalData.use((p) => p.forget("u-ana")))

      const addresses = await handle.db.selectFrom("addresses").select("user_id").execute()
      expect(addresses.map((a) => a.user_id)).toEqual(["u-bia"])
      const details = await handle.db.selectFrom("customer_details").select("user_id").execute()
      expect(details.map((d) => d.user_id)).toEqual(["u-bia"])

      const kept = await run(OrderStore.use((s) => s.get(ids.anaOrder)))
      // Kept for the law, apart from any account: the invoice's recipient, CPF and address with the order.
      expect(kept).toMatchObject({
        userId: null,
        cpf: "12345678909",
        status: "awaiting_payment",
        totals: { total: 56841 },
      })
      expect(kept?.address).toMatchObject({ city: "São Paulo", state: "SP" })
      expect(kept?.address.street).not.toBe("[removido]")
      expect(kept?.lines).toHaveLength(2)
      const attempts = await handle.db
        .selectFrom("payment_attempts")
        .select(["order_id", "card_last_four", "amount_cents"])
        .execute()
      expect(attempts).toEqual([{ order_id: ids.anaOrder, card_last_four: null, amount_cents: 56841 }])
      // The subscription and its charge stay as payment records, with no owner, CPF or card digits; the months
      // paid for stay ownerless; the plan's settings (an address, preferences) go.
      expect(
        await handle.db
          .selectFrom("subscriptions")
          .select(["user_id", "cpf", "card_last_four", "preapproval_id", "amount_cents"])
          .execute(),
      ).toEqual([
        { user_id: null, cpf: null, card_last_four: null, preapproval_id: "pre-ana", amount_cents: 29990 },
      ])
      expect(
        await handle.db.selectFrom("subscription_charges").select(["id", "amount_cents"]).execute(),
      ).toEqual([{ id: "charge-ana", amount_cents: 29990 }])
      const months = await handle.db.selectFrom("plan_months").select(["source_id", "user_id"]).execute()
      expect(months).toHaveLength(2)
      expect(months.every((m) => m.user_id === null)).toBe(true)
      expect(await handle.db.selectFrom("plan_settings").select("source_id").execute()).toEqual([])

      const bia = await run(OrderStore.use((s) => s.get(ids.biaOrder)))
      expect(bia).toMatchObject({
        userId: "u-bia",
        cpf: "12345678909",
        address: { street: "Avenida Paulista" },
      })
      expect(await run(OrderStore.use((s) => s.listForUser("u-ana", 10)))).toEqual([])
    })
  },
)
