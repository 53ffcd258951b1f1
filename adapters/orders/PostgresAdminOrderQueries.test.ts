import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type AdminOrderFilter,
  AdminOrderQueries,
  type AdminOrderSort,
} from "../../application/ports/AdminOrderQueries"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { FulfilmentStore } from "../../application/ports/FulfilmentStore"
import { OrderStore } from "../../application/ports/OrderStore"
import { saoPauloInstant } from "../../domain/calendar"
import { domainEvent } from "../../domain/events"
import type { Fulfilment, FulfilmentChange } from "../../domain/fulfilment/fulfilment"
import { markProduced, ship, startProduction } from "../../domain/fulfilment/fulfilmentState"
import type { Order } from "../../domain/orders/order"
import { readOrderSearch } from "../../domain/orders/orderSearch"
import { anAttempt, anOrder } from "../../tests/fakes/orderFixtures"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import { SystemClockLayer } from "../clock/SystemClock"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresEventOutboxLayer } from "../events/PostgresOutbox"
import { PostgresFulfilmentStoreLayer } from "../fulfilment/PostgresFulfilmentStore"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresAdminOrderQueriesLayer } from "./PostgresAdminOrderQueries"
import { PostgresOrderStoreLayer } from "./PostgresOrderStore"

const databases = await testDatabases()
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const day = (d: number, hour = 10, minute = 0) =>
  saoPauloInstant({ year: 2026, month: 11, day: d }, hour, minute)
const ok = (change: FulfilmentChange): Fulfilment => {
  if (!change.ok) throw new Error(change.reason)
  return change.fulfilment
}
const NO_FILTER: AdminOrderFilter = {
  paymentStatus: null,
  fulfilmentStatus: null,
  method: null,
  collectionId: null,
  placedFrom: null,
  placedBefore: null,
  search: null,
}

describe.each(databases)("admin order queries on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<AdminOrderQueries | OrderStore | FulfilmentStore | EventOutbox>
  const run = <A>(effect: Effect.Effect<A, never, Layer.Success<typeof layer>>) =>
    Effect.runPromise(Effect.provide(effect, layer))
  let collections: { id: string; name: string; product: string }[]

  const list = async (
    filter: Partial<AdminOrderFilter> = {},
    sort: AdminOrderSort = "recent",
    offset = 0,
    limit = 25,
  ) => run(AdminOrderQueries.use((q) => q.list({ ...NO_FILTER, ...filter }, sort, { offset, limit })))
  const numbers = async (filter: Partial<AdminOrderFilter> = {}, sort: AdminOrderSort = "recent") =>
    (await list(filter, sort)).rows.map((r) => r.number.slice(-1))

  /** Order n: one line of the collection given, placed when given, by the user given, paying by `method`. */
  const placeOrder = async (
    n: number,
    o: {
      at: number
      collection: number
      user: string
      method: "card" | "pix"
      paid: boolean
      total: number
      cpf: string
    },
  ) => {
    const c = collections[o.collection]
    if (!c) throw new Error("no collection")
    const base = anOrder()
    const line = {
      ...(base.lines[0] as Order["lines"][number]),
      productId: c.product,
      collectionId: c.id,
      collectionName: c.name,
      quantity: 2,
    }
    const order = anOrder({
      id: uuid(n),
      number: `LG-2026-00000${n}`,
      trackingCode: `8R1CG2-G03G0${n}`,
      userId: o.user,
      cpf: o.cpf,
      couponId: null,
      lines: [line],
      totals: {
        subtotal: o.total,
        discount: 0,
        coinsDiscount: 0,
        pixDiscount: 0,
        shipping: 0,
        total: o.total,
      },
      placedAt: o.at,
      currentAttemptId: uuid(100 + n),
    })
    await run(
      Effect.gen(function* () {
        const store = yield* OrderStore
        yield* store.insertIfNew(order, `key-${n}`)
        yield* store.insertAttempt(
          anAttempt({
            id: uuid(100 + n),
            orderId: order.id,
            method: o.method,
            installments: o.method === "card" ? 3 : 1,
            gatewayPaymentId: `mp-${n}`,
            idempotencyKey: `a-${n}`,
            createdAt: o.at,
          }),
        )
        if (o.paid)
          yield* store.save({
            ...order,
            status: "paid",
            paidAt: o.at + 60_000,
            paidAttemptId: uuid(100 + n),
            shipsOn: { year: 2026, month: 12, day: 7 },
          })
      }),
    )
  }

  beforeAll(async () => {
    handle = await migrated(database)
    await seedDemoCatalog(handle.db, Date.UTC(2026, 10, 1))
    const rows = await handle.db
      .selectFrom("collection_products as p")
      .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
      .select(["c.id", "c.name", "p.id as product"])
      .orderBy("c.name")
      .orderBy("p.id")
      .execute()
    collections = [...new Map(rows.map((r) => [r.id, r])).values()].slice(0, 2)
    await handle.db
      .insertInto("auth_user")
      .values([
        {
          id: "user-1",
          name: "Ana Souza",
          email: "ana@example.com",
          emailVerified: true,
          role: null,
          appRole: null,
        },
        {
          id: "user-2",
          name: "Bruno Lima",
          email: "bruno@example.com",
          emailVerified: true,
          role: null,
          appRole: null,
        },
      ])
      .execute()
    layer = Layer.mergeAll(
      PostgresAdminOrderQueriesLayer,
      PostgresOrderStoreLayer,
      PostgresFulfilmentStoreLayer,
      PostgresEventOutboxLayer,
    ).pipe(Layer.provide(Db.fromHandle(handle)), Layer.provide(SystemClockLayer))
    await placeOrder(1, {
      at: day(1, 0, 0),
      collection: 0,
      user: "user-1",
      method: "card",
      paid: true,
      total: 50000,
      cpf: "52998224725",
    })
    await placeOrder(2, {
      at: day(15),
      collection: 1,
      user: "user-2",
      method: "pix",
      paid: false,
      total: 90000,
      cpf: "11144477735",
    })
    await placeOrder(3, {
      at: day(30, 23, 30),
      collection: 0,
      user: "user-1",
      method: "pix",
      paid: true,
      total: 10000,
      cpf: "52998224725",
    })
    // Order 1 leaves with a carrier's code; order 3 is in production.
    const f1 = (await run(FulfilmentStore.use((s) => s.get(uuid(1)))))?.fulfilment as Fulfilment
    const now = day(2)
    await run(
      FulfilmentStore.use((s) =>
        s.save(
          ok(
            ship(
              ok(markProduced(ok(startProduction(f1, now)), now)),
              { shipmentId: uuid(201), carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" },
              now,
            ),
          ),
        ),
      ),
    )
    const f3 = (await run(FulfilmentStore.use((s) => s.get(uuid(3)))))?.fulfilment as Fulfilment
    await run(FulfilmentStore.use((s) => s.save(ok(startProduction(f3, now)))))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("lists every order, newest first, with what the list and its CSV show", async () => {
    const page = await list()
    expect(page.total).toBe(3)
    expect(page.rows.map((r) => r.number)).toEqual(["LG-2026-000003", "LG-2026-000002", "LG-2026-000001"])
    expect(page.rows[2]).toEqual({
      id: uuid(1),
      number: "LG-2026-000001",
      trackingCode: "8R1CG2-G03G01",
      placedAt: day(1, 0, 0),
      paidAt: day(1, 0, 0) + 60_000,
      status: "paid",
      fulfilmentStatus: "shipped",
      subtotal: 50000,
      discount: 0,
      shipping: 0,
      total: 50000,
      method: "card",
      installments: 3,
      items: 2,
      plan: null,
      customerName: "Ana Souza",
      email: "ana@example.com",
      cpf: "52998224725",
      city: "São Paulo",
      state: "SP",
      carrier: "Correios",
      carrierCode: "AA123456789BR",
      collections: [collections[0]?.name],
    })
    expect(page.rows[1]).toMatchObject({
      status: "awaiting_payment",
      fulfilmentStatus: null,
      method: "pix",
      carrier: null,
    })
  })

  it("sorts by date either way and by amount, on the server", async () => {
    expect(await numbers({}, "oldest")).toEqual(["1", "2", "3"])
    expect(await numbers({}, "total_desc")).toEqual(["2", "1", "3"])
    expect(await numbers({}, "total_asc")).toEqual(["3", "1", "2"])
  })

  it("cuts pages and counts them all", async () => {
    const first = await list({}, "recent", 0, 2)
    const second = await list({}, "recent", 2, 2)
    expect([first.total, second.total]).toEqual([3, 3])
    expect([...first.rows, ...second.rows].map((r) => r.number.slice(-1))).toEqual(["3", "2", "1"])
  })

  it("filters by payment status, fulfilment status, method, collection and period", async () => {
    expect(await numbers({ paymentStatus: "paid" })).toEqual(["3", "1"])
    expect(await numbers({ paymentStatus: "awaiting_payment" })).toEqual(["2"])
    expect(await numbers({ fulfilmentStatus: "in_production" })).toEqual(["3"])
    expect(await numbers({ method: "pix" })).toEqual(["3", "2"])
    expect(await numbers({ collectionId: collections[1]?.id ?? "" })).toEqual(["2"])
    expect(await numbers({ collectionId: "not-a-uuid" })).toEqual([])
    // November in São Paulo: the order at 00:00 on the 1st and the one at 23:30 on the 30th are both in it.
    expect(
      await numbers({
        placedFrom: day(1, 0, 0),
        placedBefore: saoPauloInstant({ year: 2026, month: 12, day: 1 }, 0),
      }),
    ).toEqual(["3", "2", "1"])
    expect(await numbers({ placedFrom: day(2, 0, 0), placedBefore: day(30, 0, 0) })).toEqual(["2"])
    expect(await numbers({ paymentStatus: "paid", method: "pix" })).toEqual(["3"])
  })

  it("finds orders by number, our tracking code, the carrier's code, CPF and e-mail", async () => {
    const search = (text: string) => numbers({ search: readOrderSearch(text) })
    expect(await search("lg-2026-000002")).toEqual(["2"])
    expect(await search("8r1cg2-g03g03")).toEqual(["3"])
    expect(await search("aa123456789br")).toEqual(["1"])
    expect(await search("529.982.247-25")).toEqual(["3", "1"])
    expect(await search("BRUNO@example.com")).toEqual(["2"])
    expect(await search("ZZ999")).toEqual([])
    expect((await list({ search: readOrderSearch("ninguem@example.com") })).total).toBe(0)
  })

  it("reads an order's attempts, events and the collections to filter by", async () => {
    expect(
      (await run(AdminOrderQueries.use((q) => q.attempts(uuid(1))))).map((a) => [a.id, a.method]),
    ).toEqual([[uuid(101), "card"]])
    await run(
      EventOutbox.use((o) =>
        o.record([domainEvent("OrderProductionStarted", uuid(3), { orderId: uuid(3), userId: "user-1" })]),
      ),
    )
    expect(await run(AdminOrderQueries.use((q) => q.events(uuid(3))))).toEqual([
      expect.objectContaining({ type: "OrderProductionStarted", status: "pending" }),
    ])
    expect(await run(AdminOrderQueries.use((q) => q.events(uuid(2))))).toEqual([])
    const names = (await run(AdminOrderQueries.use((q) => q.collections()))).map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(names).toContain(collections[0]?.name)
  })

  // Last: it adds a fourth order the tests above do not count.
  it("says what a plan order is, its plan and collection, instead of a count of lines it has none of", async () => {
    const c = collections[0]
    if (!c) throw new Error("no collection")
    const order = anOrder({
      id: uuid(9),
      number: "LG-2026-000009",
      trackingCode: "8R1CG2-G03G09",
      kind: "plan",
      plan: {
        planId: "quarterly",
        name: "Trimestral",
        months: 3,
        collectionId: c.id,
        collectionName: c.name,
        discountPercent: 10,
      },
      lines: [],
      couponId: null,
      placedAt: day(2, 0, 0),
      currentAttemptId: null,
    })
    await run(OrderStore.use((store) => store.insertIfNew(order, "key-9")))
    const row = (await list({ search: readOrderSearch("LG-2026-000009") })).rows[0]
    expect(row).toMatchObject({
      number: "LG-2026-000009",
      items: 1,
      plan: `Plano Trimestral — Coleção ${c.name.replace(/^Coleção /i, "")}, 3 meses`,
      collections: [c.name],
    })
  })
})
