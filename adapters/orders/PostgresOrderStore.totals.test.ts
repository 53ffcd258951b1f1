import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OrderStore } from "../../application/ports/OrderStore"
import type { Order } from "../../domain/orders/order"
import { orderTotals } from "../../domain/orders/order"
import { cardTotals } from "../../domain/pricing/pixCheckout"
import { anOrder } from "../../tests/fakes/orderFixtures"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresOrderStoreLayer } from "./PostgresOrderStore"

const databases = await testDatabases()

describe.each(databases)("an order's PIX discount and coins on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<OrderStore>
  let product: { id: string; collectionId: string }
  const run = <A>(effect: Effect.Effect<A, never, OrderStore>) =>
    Effect.runPromise(Effect.provide(effect, layer))

  beforeAll(async () => {
    handle = await migrated(database)
    await seedDemoCatalog(handle.db, Date.UTC(2026, 10, 1))
    const row = await handle.db
      .selectFrom("collection_products")
      .select(["id", "collection_id"])
      .executeTakeFirstOrThrow()
    product = { id: row.id, collectionId: row.collection_id }
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
    layer = PostgresOrderStoreLayer.pipe(Layer.provide(Db.fromHandle(handle)))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("keeps the totals, the coins and the PIX terms, and a switch of method moves the discount and total", async () => {
    const base = anOrder()
    const line = {
      ...(base.lines[0] as Order["lines"][number]),
      productId: product.id,
      collectionId: product.collectionId,
    }
    const totals = orderTotals(
      [line],
      1890,
      { discount: 2999, shippingDiscount: 0 },
      {
        coinsDiscount: 500,
        pix: { basisPoints: 500, units: [line] },
      },
    )
    const order = anOrder({
      id: "00000000-0000-4000-8000-000000000001",
      userId: "user-1",
      couponId: null,
      lines: [line],
      totals,
      coinsUsed: 50,
      pixDiscountBasisPoints: 500,
      currentAttemptId: null,
    })
    expect(totals.pixDiscount).toBeGreaterThan(0)
    const read = await run(
      Effect.gen(function* () {
        const store = yield* OrderStore
        yield* store.insertIfNew(order, "key-1")
        return yield* store.get(order.id)
      }),
    )
    expect(read).toMatchObject({ totals, coinsUsed: 50, pixDiscountBasisPoints: 500 })

    const byCard = cardTotals(totals)
    const switched = await run(
      Effect.gen(function* () {
        const store = yield* OrderStore
        yield* store.save({ ...order, totals: byCard })
        return yield* store.get(order.id)
      }),
    )
    expect(switched?.totals).toEqual({ ...totals, pixDiscount: 0, total: totals.total + totals.pixDiscount })
    expect(switched?.pixDiscountBasisPoints).toBe(500)
  })
})
