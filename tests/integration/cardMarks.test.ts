import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { listMyCardMarks } from "../../application/community/listMyCardMarks"
import { setFavourite } from "../../application/community/setFavourite"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, clockNow, runtimeDb } from "../support/storeRuntime"

// The catalogue cards' viewer states on the real adapters: what a collector holds (not what they gave back),
// what they offer for trade, what they want; nothing for a visitor, and nothing of another collector's.
const { targets, embedded, dispose } = await runtimeTargets(2)
afterAll(dispose)

const ana = customer("ana", "Ana Souza")
const bia = customer("bia", "Bia Lima")

describe.each(targets)("card marks on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>
  let products: { id: string; collection_id: string }[] = []

  const as = <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromise(
      effect.pipe(Effect.provideService(CurrentUser, { viewer: who })) as Effect.Effect<A, E, never>,
    )

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    const now = await clockNow(runtime)
    await seedDemoCatalog(db, now)
    await addUsers(db, [ana, bia])
    products = await db
      .selectFrom("collection_products")
      .select(["id", "collection_id"])
      .orderBy("id")
      .limit(5)
      .execute()
    const piece = (userId: string, index: number, over: { forTrade?: boolean; revoked?: boolean } = {}) => {
      const product = products[index]
      if (!product) throw new Error("the demo catalogue has too few characters")
      return {
        user_id: userId,
        product_id: product.id,
        collection_id: product.collection_id,
        source: "gift" as const,
        order_id: null,
        order_position: null,
        price_cents: 29_990,
        is_for_trade: over.forTrade ?? false,
        revoked_at: over.revoked ? new Date(now) : null,
        acquired_at: new Date(now - 86_400_000),
      }
    }
    await db
      .insertInto("collector_pieces")
      .values([
        piece(ana.id, 0),
        // Two pieces of one character, one of them offered: owned and tradeable once each.
        piece(ana.id, 1),
        piece(ana.id, 1, { forTrade: true }),
        // A piece given back (a refund) is no longer hers, nor offered.
        piece(ana.id, 2, { revoked: true, forTrade: true }),
        piece(bia.id, 3, { forTrade: true }),
      ])
      .execute()
  }, 120_000)
  afterAll(() => runtime.dispose())

  const id = (index: number) => products[index]?.id ?? ""

  it("lists what the collector holds, offers for trade and wants, sorted", async () => {
    await as(ana, setFavourite(id(4), true))
    await as(ana, setFavourite(id(0), true))
    expect(await as(ana, listMyCardMarks())).toEqual({
      owned: [id(0), id(1)],
      forTrade: [id(1)],
      wished: [id(0), id(4)],
    })
  })

  it("follows the favourites as they change", async () => {
    await as(ana, setFavourite(id(4), false))
    expect((await as(ana, listMyCardMarks())).wished).toEqual([id(0)])
  })

  it("gives another collector only their own marks, and a visitor none", async () => {
    expect(await as(bia, listMyCardMarks())).toEqual({ owned: [id(3)], forTrade: [id(3)], wished: [] })
    expect(await as(null, listMyCardMarks())).toEqual({ owned: [], forTrade: [], wished: [] })
  })
})
