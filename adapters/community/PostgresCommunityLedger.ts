import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { CommunityLedger, type PieceSource, type UnwoundTrade } from "../../application/ports/CommunityLedger"
import { SAO_PAULO_TIME_ZONE } from "../../domain/calendar"
import type { CollectionProgress } from "../../domain/community/progress"
import { TRADE_MESSAGES } from "../../domain/community/trades"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"
import { addLedgerEntry, ledgerEntryOf } from "./PostgresCoinWallet"

type Executor = Kysely<Database>

/** Open offers (pending or accepted) on these pieces can no longer be honoured. */
const cancelOpenTrades = (executor: Executor, pieceIds: readonly string[], at: number, reason: string) =>
  executor
    .updateTable("trades")
    .set({ status: "cancelled", cancelled_at: new Date(at), cancellation_reason: reason })
    .where("status", "in", ["pending", "accepted"])
    .where((eb) => eb.or([eb("from_piece_id", "in", pieceIds), eb("to_piece_id", "in", pieceIds)]))
    .execute()

/**
 * Undoes the completed trade through which `holderId` received the piece: the piece they gave goes back to them
 * if its taker still has it, as the purchase or month it was when it is from the holder's own order.
 */
async function unwindTradeOf(
  executor: Executor,
  piece: { readonly id: string; readonly user_id: string },
  at: number,
): Promise<UnwoundTrade | null> {
  const trade = await executor
    .selectFrom("trades")
    .selectAll()
    .where("status", "=", "completed")
    .where("unwound_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("to_piece_id", "=", piece.id), eb("from_user_id", "=", piece.user_id)]),
        eb.and([eb("from_piece_id", "=", piece.id), eb("to_user_id", "=", piece.user_id)]),
      ]),
    )
    .orderBy("completed_at", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst()
  if (!trade) return null
  const [givenId, takerId] =
    trade.to_piece_id === piece.id
      ? [trade.from_piece_id, trade.to_user_id]
      : [trade.to_piece_id, trade.from_user_id]
  await executor
    .updateTable("collector_pieces as p")
    .set({
      user_id: piece.user_id,
      is_for_trade: false,
      source: sql<PieceSource>`coalesce((select case when o.kind = 'subscription' then 'subscription' else 'purchase' end
        from orders o where o.id = p.order_id and o.user_id = ${piece.user_id}), 'trade')`,
    })
    .where("p.id", "=", givenId)
    .where("p.user_id", "=", takerId)
    .where("p.revoked_at", "is", null)
    .execute()
  await executor
    .updateTable("trades")
    .set({ unwound_at: new Date(at), unwound_reason: TRADE_MESSAGES.unwound })
    .where("id", "=", trade.id)
    .execute()
  await cancelOpenTrades(executor, [givenId], at, TRADE_MESSAGES.pieceWithdrawn)
  return { tradeId: trade.id, userIds: [trade.from_user_id, trade.to_user_id], holderId: piece.user_id }
}

async function revokeOrderPieces(executor: Executor, orderId: string, at: number) {
  const pieces = await executor
    .selectFrom("collector_pieces")
    .select(["id", "user_id", "source"])
    .where("order_id", "=", orderId)
    .where("revoked_at", "is", null)
    .orderBy("id")
    .forUpdate()
    .execute()
  const unwound: UnwoundTrade[] = []
  for (const piece of pieces) {
    if (piece.source !== "trade") continue
    const undone = await unwindTradeOf(executor, piece, at)
    if (undone) unwound.push(undone)
  }
  if (pieces.length > 0) {
    const ids = pieces.map((p) => p.id)
    await executor
      .updateTable("collector_pieces")
      .set({ revoked_at: new Date(at), is_for_trade: false })
      .where("id", "in", ids)
      .execute()
    await cancelOpenTrades(executor, ids, at, TRADE_MESSAGES.pieceWithdrawn)
  }
  const userIds = [...new Set([...pieces.map((p) => p.user_id), ...unwound.flatMap((t) => t.userIds)])]
  return { userIds, unwound }
}

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
      revokeOrderPieces: (orderId, at) => run((executor) => revokeOrderPieces(executor, orderId, at)),
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
            coins: Number(points.coins),
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
