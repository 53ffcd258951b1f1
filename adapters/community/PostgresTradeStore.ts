import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Clock } from "../../application/ports/Clock"
import { type TradePiece, TradeStore } from "../../application/ports/TradeStore"
import { disclosedFace } from "../../domain/catalog/characterDisclosure"
import { parseRarity } from "../../domain/catalog/rarity"
import { defaultDisplayName } from "../../domain/community/profile"
import type { Trade } from "../../domain/community/trades"
import { mysteryImageUrl } from "../catalog/rows"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { TradesTable } from "../db/tables/community"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

const pieces = (executor: Kysely<Database>) =>
  executor
    .selectFrom("collector_pieces as p")
    .innerJoin("collection_products as cp", "cp.id", "p.product_id")
    .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
    .select([
      "p.id",
      "p.user_id",
      "p.product_id",
      "p.is_for_trade",
      "p.revoked_at",
      "p.acquired_at",
      "cp.name",
      "cp.rarity",
      "cp.image_url",
      "cp.reveal_at",
      "cp.edition_year",
      "cp.display_month",
      "c.name as collection_name",
      "c.slug as collection_slug",
    ])

type PieceRow = Awaited<ReturnType<ReturnType<typeof pieces>["executeTakeFirstOrThrow"]>>

/**
 * A piece as a trade shows it at `now`: every trade read goes through here, so a character not revealed yet is
 * named by the reveal rule (domain/catalog/characterDisclosure.ts), in lists, offers, notifications and the ledger alike.
 */
const toPiece = (r: PieceRow, now: number): TradePiece => {
  const face = disclosedFace(
    { name: r.name, imageUrl: r.image_url as string | null, rarity: parseRarity(r.rarity) },
    {
      revealAt: ms(r.reveal_at),
      edition: { year: r.edition_year, month: r.display_month },
      mysteryImageUrl: mysteryImageUrl(r.collection_slug),
    },
    now,
  )
  return {
    id: r.id,
    userId: r.user_id,
    productId: r.product_id,
    name: face.name,
    collectionName: r.collection_name,
    rarity: face.rarity,
    imageUrl: face.imageUrl,
    isForTrade: r.is_for_trade,
    revoked: r.revoked_at !== null,
  }
}

const toTrade = (r: Selectable<TradesTable>): Trade => ({
  id: r.id,
  fromUserId: r.from_user_id,
  toUserId: r.to_user_id,
  fromPieceId: r.from_piece_id,
  toPieceId: r.to_piece_id,
  status: r.status,
  message: r.message,
  fromConfirmedAt: r.from_confirmed_at ? ms(r.from_confirmed_at) : null,
  toConfirmedAt: r.to_confirmed_at ? ms(r.to_confirmed_at) : null,
  createdAt: ms(r.created_at),
  respondedAt: r.responded_at ? ms(r.responded_at) : null,
  completedAt: r.completed_at ? ms(r.completed_at) : null,
  cancelledAt: r.cancelled_at ? ms(r.cancelled_at) : null,
  cancellationReason: r.cancellation_reason,
  unwoundAt: r.unwound_at ? ms(r.unwound_at) : null,
  unwoundReason: r.unwound_reason,
})

/** The trades the collector is a side of, proposed by them or to them. */
const tradesOf = (executor: Kysely<Database>, userId: string) =>
  executor
    .selectFrom("trades")
    .selectAll()
    .where((eb) => eb.or([eb("from_user_id", "=", userId), eb("to_user_id", "=", userId)]))

const date = (at: number | null) => (at === null ? null : new Date(at))

/** Trades on Kysely: row locks (`for update`) make accepting, confirming and swapping happen once. */
export const PostgresTradeStoreLayer = Layer.effect(
  TradeStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    const clock = yield* Clock
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    /** A read that shows pieces, at the store's instant (what the reveal rule needs). */
    const show = <A>(body: (executor: Kysely<Database>, now: number) => Promise<A>) =>
      Effect.flatMap(clock.now(), (now) => withExecutor(db, (executor) => body(executor, now)))
    const nameOf = async (executor: Kysely<Database>, userId: string) => {
      const row = await executor
        .selectFrom("auth_user as u")
        .leftJoin("collector_profiles as cp", "cp.user_id", "u.id")
        .where("u.id", "=", userId)
        .select(["u.name", "cp.display_name"])
        .executeTakeFirst()
      // The name a public page may show: the chosen one, else "Ana S." (never the account's full name).
      return row?.display_name ?? defaultDisplayName(row?.name ?? "")
    }
    /** The trades with both pieces and both sides' public names. */
    const views = async (
      executor: Kysely<Database>,
      now: number,
      rows: readonly Selectable<TradesTable>[],
    ) => {
      if (rows.length === 0) return []
      const ids = [...new Set(rows.flatMap((r) => [r.from_piece_id, r.to_piece_id]))]
      const byId = new Map(
        (await pieces(executor).where("p.id", "in", ids).execute()).map((r) => [r.id, toPiece(r, now)]),
      )
      const names = new Map<string, string>()
      for (const id of new Set(rows.flatMap((r) => [r.from_user_id, r.to_user_id])))
        names.set(id, await nameOf(executor, id))
      return rows.flatMap((r) => {
        const fromPiece = byId.get(r.from_piece_id)
        const toPiece = byId.get(r.to_piece_id)
        if (!fromPiece || !toPiece) return []
        return [
          {
            trade: toTrade(r),
            fromName: names.get(r.from_user_id) ?? "",
            toName: names.get(r.to_user_id) ?? "",
            fromPiece,
            toPiece,
          },
        ]
      })
    }
    return TradeStore.of({
      piece: (id) =>
        show(async (executor, now) => {
          const row = await pieces(executor).where("p.id", "=", id).executeTakeFirst()
          return row ? toPiece(row, now) : null
        }),
      lockPieces: (ids) =>
        show(async (executor, now) => {
          // Locks in id order: two trades over the same pieces queue instead of deadlocking.
          const locked = await executor
            .selectFrom("collector_pieces")
            .where("id", "in", [...ids])
            .orderBy("id")
            .select("id")
            .forUpdate()
            .execute()
          if (locked.length === 0) return []
          return (
            await pieces(executor)
              .where(
                "p.id",
                "in",
                locked.map((r) => r.id),
              )
              .execute()
          ).map((r) => toPiece(r, now))
        }),
      insert: (trade) =>
        run(async (executor) => {
          const added = await executor
            .insertInto("trades")
            .values({
              id: trade.id,
              from_user_id: trade.fromUserId,
              to_user_id: trade.toUserId,
              from_piece_id: trade.fromPieceId,
              to_piece_id: trade.toPieceId,
              status: trade.status,
              message: trade.message,
              created_at: new Date(trade.createdAt),
            })
            .onConflict((oc) =>
              oc
                .columns(["from_piece_id", "to_piece_id"])
                .where("status", "in", ["pending", "accepted"])
                .doNothing(),
            )
            .returning("id")
            .execute()
          return added.length > 0
        }),
      lock: (id) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("trades")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst()
          return row ? toTrade(row) : null
        }),
      save: (trade) =>
        run(async (executor) => {
          await executor
            .updateTable("trades")
            .set({
              status: trade.status,
              from_confirmed_at: date(trade.fromConfirmedAt),
              to_confirmed_at: date(trade.toConfirmedAt),
              responded_at: date(trade.respondedAt),
              completed_at: date(trade.completedAt),
              cancelled_at: date(trade.cancelledAt),
              cancellation_reason: trade.cancellationReason,
            })
            .where("id", "=", trade.id)
            .execute()
        }),
      swap: (trade, at) =>
        run(async (executor) => {
          const handOver = (pieceId: string, from: string, to: string) =>
            executor
              .updateTable("collector_pieces")
              .set({ user_id: to, source: "trade", is_for_trade: false, acquired_at: new Date(at) })
              .where("id", "=", pieceId)
              .where("user_id", "=", from)
              .where("revoked_at", "is", null)
              .executeTakeFirst()
          const a = await handOver(trade.fromPieceId, trade.fromUserId, trade.toUserId)
          const b = await handOver(trade.toPieceId, trade.toUserId, trade.fromUserId)
          // The caller checked both under lock; a miss here is a bug, and the transaction must not commit.
          if (Number(a.numUpdatedRows) !== 1 || Number(b.numUpdatedRows) !== 1)
            throw new Error(`trade ${trade.id}: pieces changed under lock`)
          // Open offers on either piece cannot be honoured any more.
          await executor
            .updateTable("trades")
            .set({
              status: "cancelled",
              cancelled_at: new Date(at),
              cancellation_reason: "Uma das peças foi trocada em outra negociação",
            })
            .where("id", "<>", trade.id)
            .where("status", "in", ["pending", "accepted"])
            .where((eb) =>
              eb.or([
                eb("from_piece_id", "in", [trade.fromPieceId, trade.toPieceId]),
                eb("to_piece_id", "in", [trade.fromPieceId, trade.toPieceId]),
              ]),
            )
            .execute()
        }),
      listFor: (userId) =>
        show(async (executor, now) =>
          views(
            executor,
            now,
            await tradesOf(executor, userId).orderBy("created_at", "desc").limit(100).execute(),
          ),
        ),
      openOf: (userId) =>
        show(async (executor, now) =>
          views(
            executor,
            now,
            await tradesOf(executor, userId)
              .where("status", "in", ["pending", "accepted"])
              .orderBy("created_at")
              .execute(),
          ),
        ),
      piecesOf: (userId) =>
        show(async (executor, now) =>
          (
            await pieces(executor)
              .where("p.user_id", "=", userId)
              .where("p.revoked_at", "is", null)
              .orderBy("p.acquired_at", "desc")
              .limit(500)
              .execute()
          ).map((r) => toPiece(r, now)),
        ),
      displayName: (userId) => run((executor) => nameOf(executor, userId)),
      setForTrade: (pieceId, userId, forTrade) =>
        run(async (executor) => {
          const updated = await executor
            .updateTable("collector_pieces")
            .set({ is_for_trade: forTrade })
            .where("id", "=", pieceId)
            .where("user_id", "=", userId)
            .where("revoked_at", "is", null)
            .executeTakeFirst()
          return Number(updated.numUpdatedRows) === 1
        }),
    })
  }),
)
