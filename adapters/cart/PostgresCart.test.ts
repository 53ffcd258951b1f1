import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CartStore } from "../../application/ports/CartStore"
import { Entitlements } from "../../application/ports/Entitlements"
import { addLine } from "../../domain/cart/cart"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresCartLayer, PostgresEntitlementsLayer } from "./PostgresCart"

const databases = await testDatabases()

describe.each(databases)("cart store on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let products: string[]
  let collectionId: string
  let layer: Layer.Layer<CartStore | Entitlements>
  const run = <A>(e: Effect.Effect<A, never, CartStore | Entitlements>) =>
    Effect.runPromise(Effect.provide(e, layer))

  beforeAll(async () => {
    handle = await migrated(database)
    await seedDemoCatalog(handle.db, Date.UTC(2026, 10, 21, 12))
    const rows = await handle.db
      .selectFrom("collection_products")
      .select(["id", "collection_id"])
      .limit(3)
      .execute()
    products = rows.map((r) => r.id)
    collectionId = rows[0]!.collection_id
    for (const id of ["u1", "u2"]) {
      await handle.db
        .insertInto("auth_user")
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: true, role: null, appRole: null })
        .execute()
    }
    layer = Layer.mergeAll(PostgresCartLayer, PostgresEntitlementsLayer).pipe(
      Layer.provide(Db.fromHandle(handle)),
    )
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  const add = (userId: string, productId: string) =>
    CartStore.use((s) =>
      s.update(userId, (cart) => {
        const r = addLine(cart, productId)
        return r.ok ? { cart: r.cart } : { error: "duplicate" as const }
      }),
    )

  it("never duplicates a line or loses one under concurrent adds", async () => {
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => run(add("u1", products[0]!))),
      run(add("u1", products[1]!)),
      run(add("u1", products[2]!)),
    ])
    expect(results.filter((r) => "error" in r)).toHaveLength(4)
    const cart = await run(CartStore.use((s) => s.load("u1")))
    expect(cart.map((l) => l.productId).sort()).toEqual([...products].sort())
    expect(await run(CartStore.use((s) => s.load("u2")))).toEqual([])
  })

  it("keeps the customer's line order and leaves the cart untouched on an error", async () => {
    const before = await run(CartStore.use((s) => s.load("u1")))
    await run(add("u1", products[0]!))
    expect(await run(CartStore.use((s) => s.load("u1")))).toEqual(before)
  })

  it("removes bought products, waiting for an add under way, which then does not bring them back", async () => {
    await run(
      CartStore.use((s) => s.update("u2", () => ({ cart: [{ productId: products[0]!, quantity: 1 }] }))),
    )
    await Promise.all([
      run(add("u2", products[1]!)),
      run(CartStore.use((s) => s.remove("u2", [products[0]!]))),
      run(add("u2", products[2]!)),
    ])
    const cart = await run(CartStore.use((s) => s.load("u2")))
    expect(cart.map((l) => l.productId).sort()).toEqual([products[1]!, products[2]!].sort())
    await run(CartStore.use((s) => s.remove("u2", [products[1]!, products[2]!])))
    expect(await run(CartStore.use((s) => s.load("u2")))).toEqual([])
  })

  it("knows a subscriber only while an active entitlement covers the date", async () => {
    const at = Date.UTC(2026, 10, 21)
    await handle.db
      .insertInto("collection_entitlements")
      .values([
        {
          user_id: "u2",
          collection_id: collectionId,
          kind: "prepaid",
          status: "active",
          starts_at: new Date(at - 86_400_000),
          ends_at: new Date(at + 86_400_000),
        },
        {
          user_id: "u1",
          collection_id: collectionId,
          kind: "subscription",
          status: "cancelled",
          starts_at: new Date(at - 86_400_000),
          ends_at: null,
        },
      ])
      .execute()
    expect([...(await run(Entitlements.use((e) => e.subscribedCollections("u2", at))))]).toEqual([
      collectionId,
    ])
    expect([
      ...(await run(Entitlements.use((e) => e.subscribedCollections("u2", at + 2 * 86_400_000)))),
    ]).toEqual([])
    expect([...(await run(Entitlements.use((e) => e.subscribedCollections("u1", at))))]).toEqual([])
  })
})
