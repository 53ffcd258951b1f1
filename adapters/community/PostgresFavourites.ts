import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Favourites } from "../../application/ports/Favourites"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"

/** Favourites and the community figures of one character, on PostgreSQL (indexed by product). */
export const PostgresFavouritesLayer = Layer.effect(
  Favourites,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return Favourites.of({
      set: (userId, productId, on, at) =>
        run(async (executor) => {
          if (on)
            await executor
              .insertInto("favourites")
              .values({ user_id: userId, product_id: productId, created_at: new Date(at) })
              .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
              .execute()
          else
            await executor
              .deleteFrom("favourites")
              .where("user_id", "=", userId)
              .where("product_id", "=", productId)
              .execute()
        }),
      isFavourite: (userId, productId) =>
        run(
          async (executor) =>
            (await executor
              .selectFrom("favourites")
              .select("user_id")
              .where("user_id", "=", userId)
              .where("product_id", "=", productId)
              .executeTakeFirst()) !== undefined,
        ),
      marksOf: (userId) =>
        run(async (executor) => {
          // One after the other: inside a unit of work both share its one connection.
          const pieces = await executor
            .selectFrom("collector_pieces")
            .select(["product_id", sql<boolean>`bool_or(is_for_trade)`.as("for_trade")])
            .where("user_id", "=", userId)
            .where("revoked_at", "is", null)
            .groupBy("product_id")
            .orderBy("product_id")
            .execute()
          const wished = await executor
            .selectFrom("favourites")
            .select("product_id")
            .where("user_id", "=", userId)
            .orderBy("product_id")
            .execute()
          return {
            owned: pieces.map((p) => p.product_id),
            forTrade: pieces.filter((p) => p.for_trade).map((p) => p.product_id),
            wished: wished.map((w) => w.product_id),
          }
        }),
      figures: (productId) =>
        run(async (executor) => {
          const counts = await executor
            .selectNoFrom([
              sql<number>`(select count(distinct user_id)::int from collector_pieces
                where product_id = ${productId} and revoked_at is null)`.as("owners"),
              sql<number>`(select count(*)::int from favourites where product_id = ${productId})`.as(
                "wanting",
              ),
            ])
            .executeTakeFirstOrThrow()
          const listings = await executor
            .selectFrom("collector_pieces as cp")
            .innerJoin("auth_user as u", "u.id", "cp.user_id")
            .leftJoin("collector_profiles as p", "p.user_id", "cp.user_id")
            .select(["cp.id", "cp.user_id", "u.name", "p.display_name"])
            .where("cp.product_id", "=", productId)
            .where("cp.revoked_at", "is", null)
            .where("cp.is_for_trade", "=", true)
            // A private profile keeps its pieces out of public lists (LGPD).
            .where((eb) => eb.or([eb("p.is_private", "is", null), eb("p.is_private", "=", false)]))
            .orderBy("cp.acquired_at")
            .limit(50)
            .execute()
          return {
            owners: counts.owners,
            wanting: counts.wanting,
            forTrade: listings.map((r) => ({
              pieceId: r.id,
              userId: r.user_id,
              displayName: r.display_name ?? (r.name.trim().split(/\s+/)[0] || "Colecionador"),
            })),
          }
        }),
    })
  }),
)
