import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CertificateRegistry } from "../../application/ports/CertificateRegistry"
import { FulfilmentStore } from "../../application/ports/FulfilmentStore"
import { OrderAuditLog } from "../../application/ports/OrderAuditLog"
import { OrderNotes } from "../../application/ports/OrderNotes"
import { OrderStore } from "../../application/ports/OrderStore"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import {
  decideRequest,
  openAfterSaleRequest,
  rateDelivery,
  receiveReturn,
} from "../../domain/fulfilment/afterSales"
import { certificatesFor } from "../../domain/fulfilment/certificate"
import type { Fulfilment, FulfilmentChange } from "../../domain/fulfilment/fulfilment"
import {
  cancelPaidOrder,
  markDelivered,
  markProduced,
  settleRefund,
  ship,
  startProduction,
} from "../../domain/fulfilment/fulfilmentState"
import { at } from "../../tests/fakes/fulfilmentFixtures"
import { anOrder, aPaidOrder } from "../../tests/fakes/orderFixtures"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { UnitOfWorkLayer } from "../db/transaction"
import { PostgresOrderStoreLayer } from "../orders/PostgresOrderStore"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresCertificateRegistryLayer } from "./PostgresCertificateRegistry"
import { PostgresFulfilmentStoreLayer } from "./PostgresFulfilmentStore"
import { PostgresOrderAuditLogLayer } from "./PostgresOrderAuditLog"
import { PostgresOrderNotesLayer } from "./PostgresOrderNotes"

const databases = await testDatabases()

const ok = (change: FulfilmentChange): Fulfilment => {
  if (!change.ok) throw new Error(change.reason)
  return change.fulfilment
}
const SHIP = { carrier: "Correios", service: "SEDEX", trackingCode: "aa123456789br" }
const NOW = at(2026, 12, 1, 9)
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`

describe.each(databases)("fulfilment on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<
    FulfilmentStore | OrderStore | OrderAuditLog | CertificateRegistry | OrderNotes | UnitOfWork
  >
  const run = <A>(effect: Effect.Effect<A, never, Layer.Success<typeof layer>>) =>
    Effect.runPromise(Effect.provide(effect, layer))
  let products: { id: string; collection_id: string }[]
  const seeded = <L extends { productId: string; collectionId: string }>(lines: readonly L[]) =>
    lines.map((line, i) => ({
      ...line,
      productId: products[i]?.id ?? "",
      collectionId: products[i]?.collection_id ?? "",
    }))

  /** A paid order of the seeded products, saved as checkout saves it. */
  const paidOrder = async (n: number) => {
    const order = aPaidOrder({
      id: uuid(n),
      number: `LG-2026-${String(n).padStart(6, "0")}`,
      trackingCode: `8R1CG2-G03G${String(n).padStart(2, "0")}`,
      couponId: null,
      currentAttemptId: null,
      paidAttemptId: null,
      lines: seeded(aPaidOrder().lines),
    })
    await run(
      OrderStore.use((store) =>
        Effect.gen(function* () {
          yield* store.insertIfNew(
            { ...order, status: "awaiting_payment", paidAt: null, shipsOn: null },
            `key-${n}`,
          )
          yield* store.save(order)
        }),
      ),
    )
    return order
  }
  const load = (orderId: string) => run(FulfilmentStore.use((store) => store.get(orderId)))
  const save = (f: Fulfilment) => run(FulfilmentStore.use((store) => store.save(f)))

  beforeAll(async () => {
    handle = await migrated(database)
    await seedDemoCatalog(handle.db, Date.UTC(2026, 10, 1))
    products = await handle.db
      .selectFrom("collection_products")
      .select(["id", "collection_id"])
      .orderBy("id")
      .limit(2)
      .execute()
    await handle.db
      .insertInto("auth_user")
      .values({
        id: "user-1",
        name: "Ana Souza",
        email: "ana@example.com",
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
    layer = Layer.mergeAll(
      PostgresFulfilmentStoreLayer,
      PostgresOrderStoreLayer,
      PostgresOrderAuditLogLayer,
      PostgresCertificateRegistryLayer,
      PostgresOrderNotesLayer,
      UnitOfWorkLayer,
    ).pipe(Layer.provide(Db.fromHandle(handle)))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("starts a paid order waiting for production, and gives an unpaid one none", async () => {
    const order = await paidOrder(1)
    const loaded = await load(order.id)
    expect(loaded?.order.number).toBe(order.number)
    expect(loaded?.fulfilment).toMatchObject({
      orderId: order.id,
      status: "awaiting_production",
      paidTotal: order.totals.total,
      shipsOn: { year: 2026, month: 11, day: 30 },
      carrierDays: 2,
      shipments: [],
    })
    const unpaid = anOrder({
      id: uuid(99),
      number: "LG-2026-000099",
      trackingCode: "8R1CG2-G03G99",
      couponId: null,
      currentAttemptId: null,
    })
    await run(OrderStore.use((s) => s.insertIfNew({ ...unpaid, lines: seeded(unpaid.lines) }, "k99")))
    expect((await load(unpaid.id))?.fulfilment).toBeNull()
    expect(await load(uuid(404))).toBeNull()
  })

  it("keeps every step of production, shipping and delivery, and the rating", async () => {
    const order = await paidOrder(2)
    let f = (await load(order.id))?.fulfilment as Fulfilment
    f = ok(startProduction(f, NOW))
    f = ok(markProduced(f, NOW + 1000))
    f = ok(ship(f, { shipmentId: uuid(201), ...SHIP }, NOW + 2000))
    await save(f)
    expect((await load(order.id))?.fulfilment).toEqual(f)
    f = ok(markDelivered(f, NOW + 3000))
    f = ok(rateDelivery(f, { stars: 4, review: "Chegou bem embalado." }, NOW + 4000))
    await save(f)
    const back = (await load(order.id))?.fulfilment
    expect(back).toEqual(f)
    expect(back?.shipments[0]).toMatchObject({
      rating: 4,
      review: "Chegou bem embalado.",
      trackingCode: "AA123456789BR",
    })
  })

  it("finds an order by our tracking code or the carrier's, in any case, and by its number", async () => {
    const order = await load(uuid(2))
    const find = (code: string) => run(FulfilmentStore.use((s) => s.findByTrackingCode(code)))
    expect(await find(order?.order.trackingCode.toLowerCase() ?? "")).toBe(uuid(2))
    expect(await find(" aa123456789BR ")).toBe(uuid(2))
    expect(await find("ZZ000000000BR")).toBeNull()
    expect(await find("  ")).toBeNull()
    expect(await run(FulfilmentStore.use((s) => s.findByNumber("lg-2026-000002")))).toBe(uuid(2))
    expect(await run(FulfilmentStore.use((s) => s.findByNumber("LG-2026-999999")))).toBeNull()
  })

  it("answers an id typed into an address that is not a uuid as not found, not as a database failure", async () => {
    for (const id of ["xyz", "%", `${uuid(2)}x`]) {
      expect(await run(FulfilmentStore.use((s) => s.get(id)))).toBeNull()
      expect(await run(OrderStore.use((s) => s.get(id)))).toBeNull()
      expect(await run(OrderStore.use((s) => s.getAttempt(id)))).toBeNull()
    }
  })

  it("keeps a cancellation with its refund, and a withdrawal through to the refund", async () => {
    const cancelledOrder = await paidOrder(3)
    let f = ok(
      cancelPaidOrder((await load(cancelledOrder.id))?.fulfilment as Fulfilment, "customer", uuid(301), NOW),
    )
    await save(f)
    expect((await load(cancelledOrder.id))?.fulfilment).toEqual(f)
    f = ok(settleRefund(f, uuid(301), { ok: true, gatewayRefundId: "mp-refund-1" }, NOW + 1))
    await save(f)
    expect((await load(cancelledOrder.id))?.fulfilment).toMatchObject({
      status: "refunded",
      refundedAt: NOW + 1,
    })

    const withdrawn = await paidOrder(4)
    let g = (await load(withdrawn.id))?.fulfilment as Fulfilment
    g = ok(
      ship(
        ok(markProduced(ok(startProduction(g, NOW)), NOW)),
        { shipmentId: uuid(401), ...SHIP, trackingCode: "BB1234567BR" },
        NOW,
      ),
    )
    g = ok(markDelivered(g, NOW + 1))
    g = ok(
      openAfterSaleRequest(
        g,
        { requestId: uuid(402), kind: "withdrawal", description: "Mudei de ideia." },
        NOW + 2,
      ),
    )
    g = ok(decideRequest(g, uuid(402), { approve: true, note: "" }, NOW + 3))
    g = ok(receiveReturn(g, uuid(402), uuid(403), NOW + 4))
    await save(g)
    expect((await load(withdrawn.id))?.fulfilment).toEqual(g)
  })

  it("refuses a second live parcel for one order, whatever the code above does", async () => {
    const row = await handle.db
      .selectFrom("shipments")
      .selectAll()
      .where("order_id", "=", uuid(2))
      .executeTakeFirstOrThrow()
    await expect(
      handle.db
        .insertInto("shipments")
        .values({ ...row, id: uuid(202), estimated_delivery: "2026-12-03" })
        .execute(),
    ).rejects.toThrow()
    const count = await sql<{
      n: number
    }>`select count(*)::int as n from shipments where order_id = ${uuid(2)}`.execute(handle.db)
    expect(count.rows[0]?.n).toBe(1)
  })

  it("locks the order for the rest of a unit of work", async () => {
    const locked = await run(
      UnitOfWork.use((uow) => uow.atomically(FulfilmentStore.use((s) => s.lock(uuid(2))))),
    )
    expect(locked?.fulfilment?.status).toBe("delivered")
  })

  it("records each action key once in the audit log", async () => {
    const entry = {
      id: uuid(501),
      orderId: uuid(2),
      action: "ship",
      actor: { kind: "admin" as const, id: "admin-1", email: "admin@example.com" },
      actionKey: "dialog-key-1",
      details: { carrier: "Correios", trackingCode: "AA123456789BR" },
      at: NOW,
    }
    expect(await run(OrderAuditLog.use((log) => log.record(entry)))).toBe(true)
    expect(await run(OrderAuditLog.use((log) => log.record({ ...entry, id: uuid(502) })))).toBe(false)
    expect(await run(OrderAuditLog.use((log) => log.findByKey("dialog-key-1")))).toEqual(entry)
    expect(await run(OrderAuditLog.use((log) => log.findByKey("nope")))).toBeNull()
    expect(await run(OrderAuditLog.use((log) => log.listFor(uuid(2))))).toEqual([entry])
  })

  it("issues one certificate per numbered unit, found by code, revoked with its order", async () => {
    const order = (await load(uuid(2)))?.order
    if (!order) throw new Error("no order")
    const [first] = certificatesFor(order, "Ana Souza", ["AAAAA-BBBBB-CCCCC-DDDDD"], NOW)
    if (!first) throw new Error("no certificate")
    await run(CertificateRegistry.use((r) => r.issue([first])))
    // A retried issue for the same unit keeps the first code.
    await run(CertificateRegistry.use((r) => r.issue([{ ...first, code: "EEEEE-FFFFF-GGGGG-HHHHH" }])))
    expect(await run(CertificateRegistry.use((r) => r.byCode(first.code)))).toEqual(first)
    expect(await run(CertificateRegistry.use((r) => r.byCode("EEEEE-FFFFF-GGGGG-HHHHH")))).toBeNull()
    expect(await run(CertificateRegistry.use((r) => r.forOrder(uuid(2))))).toEqual([first])
    await run(CertificateRegistry.use((r) => r.revokeForOrder(uuid(2), NOW + 5)))
    expect((await run(CertificateRegistry.use((r) => r.byCode(first.code))))?.revokedAt).toBe(NOW + 5)
  })

  it("keeps internal notes in order", async () => {
    const note = (n: number, body: string) => ({
      id: uuid(600 + n),
      orderId: uuid(2),
      authorId: "admin-1",
      authorEmail: "admin@example.com",
      body,
      at: NOW + n,
    })
    await run(OrderNotes.use((notes) => notes.add(note(1, "Cliente pediu embalagem para presente."))))
    await run(OrderNotes.use((notes) => notes.add(note(2, "Embalado."))))
    expect(await run(OrderNotes.use((notes) => notes.listFor(uuid(2))))).toEqual([
      note(1, "Cliente pediu embalagem para presente."),
      note(2, "Embalado."),
    ])
  })

  it("says in the customer's own list (the orders tab of /perfil) where each paid order stands", async () => {
    const mine = await run(OrderStore.use((s) => s.listForUser("user-1", 10)))
    expect(Object.fromEntries(mine.map((o) => [o.number, o.fulfilmentStatus]))).toMatchObject({
      "LG-2026-000002": "delivered",
      "LG-2026-000099": null,
    })
  })
})
