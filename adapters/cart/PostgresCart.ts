import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { CartStore } from "../../application/ports/CartStore"
import { Entitlements } from "../../application/ports/Entitlements"
import { Db, query } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { inTransaction, withExecutor } from "../db/transaction"

/** Serialises writers of one customer's cart, including the first add when no row exists yet. */
const lockCart = (trx: Kysely<Database>, userId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`.execute(trx)

export const PostgresCartLayer = Layer.effect(
  CartStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    const load = (executor: typeof db, userId: string) =>
      executor
        .selectFrom("cart_items")
        .select(["product_id as productId", "quantity"])
        .where("user_id", "=", userId)
        .orderBy("added_at")
        .orderBy("product_id")
        .execute()
    return CartStore.of({
      load: (userId) => withExecutor(db, (executor) => load(executor, userId)),
      // Joins the caller's unit of work when there is one (the cart change then commits with its events).
      update: (userId, change) =>
        inTransaction(db, async (trx) => {
          await lockCart(trx, userId)
          const result = change(await load(trx, userId))
          if ("error" in result) return result
          await trx.deleteFrom("cart_items").where("user_id", "=", userId).execute()
          const base = Date.now()
          if (result.cart.length > 0) {
            await trx
              .insertInto("cart_items")
              .values(
                // added_at keeps the customer's line order.
                result.cart.map((line, i) => ({
                  user_id: userId,
                  product_id: line.productId,
                  quantity: line.quantity,
                  added_at: new Date(base + i),
                })),
              )
              .execute()
          }
          return result
        }),
      // Under the lock: an `update` running meanwhile would otherwise write back the lines it read before.
      remove: (userId, productIds) =>
        productIds.length === 0
          ? Effect.void
          : inTransaction(db, async (trx) => {
              await lockCart(trx, userId)
              await trx
                .deleteFrom("cart_items")
                .where("user_id", "=", userId)
                .where("product_id", "in", [...productIds])
                .execute()
            }),
      coupon: (userId) =>
        withExecutor(db, (executor) =>
          executor.selectFrom("cart_coupons").select("code").where("user_id", "=", userId).executeTakeFirst(),
        ).pipe(Effect.map((row) => row?.code ?? null)),
      // Joins the caller's unit of work: placing an order takes the coupon off with the order's commit.
      setCoupon: (userId, code) =>
        withExecutor(db, async (executor) => {
          if (code === null) await executor.deleteFrom("cart_coupons").where("user_id", "=", userId).execute()
          else
            await executor
              .insertInto("cart_coupons")
              .values({ user_id: userId, code })
              .onConflict((oc) => oc.column("user_id").doUpdateSet({ code, applied_at: sql`now()` }))
              .execute()
        }),
      dropCoupon: (userId, code) =>
        withExecutor(db, (executor) =>
          executor
            .deleteFrom("cart_coupons")
            .where("user_id", "=", userId)
            .where("code", "=", code)
            .execute(),
        ).pipe(Effect.asVoid),
    })
  }),
)

export const PostgresEntitlementsLayer = Layer.effect(
  Entitlements,
  Effect.gen(function* () {
    const { db } = yield* Db
    return Entitlements.of({
      subscribedCollections: (userId, at) =>
        query(() =>
          db
            .selectFrom("collection_entitlements")
            .select("collection_id")
            .where("user_id", "=", userId)
            .where("status", "=", "active")
            .where("starts_at", "<=", new Date(at))
            .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", new Date(at))]))
            .execute(),
        ).pipe(Effect.map((rows) => new Set(rows.map((r) => r.collection_id)))),
    })
  }),
)
