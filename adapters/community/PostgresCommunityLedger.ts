import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { CommunityLedger } from "../../application/ports/CommunityLedger"
import { SAO_PAULO_TIME_ZONE } from "../../domain/calendar"
import type { CollectionProgress } from "../../domain/community/progress"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"
import { addLedgerEntry, ledgerEntryOf } from "./PostgresCoinWallet"

/** The community's write side: pieces, the points ledger, achievements and the ranking's figures. */
export const PostgresCommunityLedgerLayer = Layer.effect(
  CommunityLedger,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return CommunityLedger.of({
      addPieces: (pieces) =>
        pieces.length === 0
          ? Effect.succeed(0)
          : run(async (executor) => {
              const added = await executor
                .insertInto("collector_pieces")
                .values(
                  pieces.map((p) => ({
                    user_id: p.userId,
                    product_id: p.productId,
                    collection_id: p.collectionId,
                    source: p.source,
                    order_id: p.orderId,
                    order_position: p.orderPosition,
                    unit: p.unit,
                    price_cents: p.priceCents,
                    acquired_at: new Date(p.acquiredAt),
                  })),
                )
                .onConflict((oc) =>
                  oc
                    .columns(["order_id", "order_position", "unit"])
                    .where("order_id", "is not", null)
                    .doNothing(),
                )
                .returning("id")
                .execute()
              return added.length
            }),
      revokeOrderPieces: (orderId, userId, at) =>
        run(async (executor) => {
          await executor
            .updateTable("collector_pieces")
            .set({ revoked_at: new Date(at), is_for_trade: false })
            .where("order_id", "=", orderId)
            .where("user_id", "=", userId)
            .where("source", "in", ["purchase", "subscription"])
            .where("revoked_at", "is", null)
            .execute()
        }),
      record: (entry) => run((executor) => addLedgerEntry(executor, entry)),
      entries: (userId, reference) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("points_ledger")
              .selectAll()
              .where("user_id", "=", userId)
              .where("reference", "=", reference)
              .orderBy("occurred_at")
              .execute()
          ).map(ledgerEntryOf),
        ),
      progress: (userId) =>
        run(async (executor) => {
          // Distinct characters held per collection, against the collection's active characters.
          const rows = await executor
            .selectFrom("collector_pieces as p")
            .where("p.user_id", "=", userId)
            .where("p.revoked_at", "is", null)
            .select((eb) => [
              "p.collection_id",
              eb.fn.count<string>("p.product_id").distinct().as("owned"),
              eb
                .selectFrom("collection_products as cp")
                .whereRef("cp.collection_id", "=", "p.collection_id")
                .where("cp.is_active", "=", true)
                .select((e) => e.fn.countAll<string>().as("n"))
                .as("total"),
            ])
            .groupBy("p.collection_id")
            .execute()
          return new Map<string, CollectionProgress>(
            rows.map((r) => [r.collection_id, { owned: Number(r.owned), total: Number(r.total ?? 0) }]),
          )
        }),
      unlock: (userId, code, scope, at) =>
        run(async (executor) => {
          const added = await executor
            .insertInto("collector_achievements")
            .values({ user_id: userId, code, scope, unlocked_at: new Date(at) })
            .onConflict((oc) => oc.columns(["user_id", "code", "scope"]).doNothing())
            .returning("code")
            .execute()
          return added.length > 0
        }),
      activeMonths: (userId) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("points_ledger as l")
            .where("l.user_id", "=", userId)
            .where("l.kind", "in", ["purchase", "subscription_month"])
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("points_ledger as r")
                    .whereRef("r.user_id", "=", "l.user_id")
                    .where("r.kind", "=", "reversal")
                    .whereRef("r.reference", "=", sql<string>`l.kind || ':' || l.reference`)
                    .select("r.id"),
                ),
              ),
            )
            .select(
              sql<string>`to_char(l.occurred_at at time zone ${sql.lit(SAO_PAULO_TIME_ZONE)}, 'YYYY-MM')`.as(
                "month",
              ),
            )
            .distinct()
            .execute()
          return rows.map((r) => r.month)
        }),
      totals: (userId) =>
        run(async (executor) => {
          const points = await executor
            .selectFrom("points_ledger")
            .where("user_id", "=", userId)
            .select((eb) => [
              eb.fn.coalesce(eb.fn.sum<string>("points"), sql<string>`0`).as("score"),
              eb.fn.coalesce(eb.fn.sum<string>("coins"), sql<string>`0`).as("coins"),
              eb.fn.max("occurred_at").as("last"),
            ])
            .executeTakeFirstOrThrow()
          const pieces = await executor
            .selectFrom("collector_pieces")
            .where("user_id", "=", userId)
            .where("revoked_at", "is", null)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
          const achievements = await executor
            .selectFrom("collector_achievements")
            .where("user_id", "=", userId)
            // Badges are stored beside achievements but are not counted as achievements.
            .where("code", "not like", "badge:%")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
          return {
            score: Math.max(0, Number(points.score)),
            coins: Math.max(0, Number(points.coins)),
            pieces: Number(pieces.n),
            achievements: Number(achievements.n),
            lastActivityAt: points.last ? ms(points.last as Date) : null,
          }
        }),
      saveStats: (stats) =>
        run(async (executor) => {
          const row = {
            score: stats.score,
            coins: stats.coins,
            level: stats.level,
            pieces: stats.pieces,
            collections_completed: stats.collectionsCompleted,
            streak: stats.streak,
            achievements: stats.achievements,
            last_activity_at: stats.lastActivityAt === null ? null : new Date(stats.lastActivityAt),
            updated_at: new Date(stats.updatedAt),
          }
          await executor
            .insertInto("collector_stats")
            .values({ user_id: stats.userId, ...row })
            .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
            .execute()
        }),
    })
  }),
)
