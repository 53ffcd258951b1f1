import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { CoinWallet } from "../../application/ports/CoinWallet"
import { orderCoinsReference } from "../../domain/community/coinLedger"
import type { LedgerEntry } from "../../domain/community/ledger"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { PointsLedgerTable } from "../db/tables/community"
import { inTransaction, withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

/** A points_ledger row as the domain's entry. */
export const ledgerEntryOf = (row: Selectable<PointsLedgerTable>): LedgerEntry => ({
  userId: row.user_id,
  kind: row.kind,
  reference: row.reference,
  points: row.points,
  coins: row.coins,
  description: row.description,
  occurredAt: ms(row.occurred_at),
})

const balanceOf = async (executor: Kysely<Database>, userId: string) => {
  const row = await executor
    .selectFrom("points_ledger")
    .where("user_id", "=", userId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("coins"), sql<string>`0`).as("coins"))
    .executeTakeFirstOrThrow()
  // Below zero when an ended order took back coins already spent (domain/community/coinLedger.ts).
  return Number(row.coins)
}

/** Adds the entry unless one with its (user, kind, reference) is there already; false then, so a retry is a no-op. */
export const addLedgerEntry = async (executor: Kysely<Database>, entry: LedgerEntry) => {
  const added = await executor
    .insertInto("points_ledger")
    .values({
      user_id: entry.userId,
      kind: entry.kind,
      reference: entry.reference,
      points: entry.points,
      coins: entry.coins,
      description: entry.description,
      occurred_at: new Date(entry.occurredAt),
    })
    .onConflict((oc) => oc.constraint("points_ledger_once").doNothing())
    .returning("id")
    .execute()
  return added.length > 0
}

/** Adds the entry once; the ranking's coins are rewritten from the ledger in the same transaction. */
const insertOnce = async (executor: Kysely<Database>, entry: LedgerEntry) => {
  if (!(await addLedgerEntry(executor, entry))) return false
  await executor
    .updateTable("collector_stats")
    .set({ coins: await balanceOf(executor, entry.userId) })
    .where("user_id", "=", entry.userId)
    .execute()
  return true
}

/** The collector's coins in the points ledger, spent under a per-collector lock held until the commit. */
export const PostgresCoinWalletLayer = Layer.effect(
  CoinWallet,
  Effect.gen(function* () {
    const { db } = yield* Db
    return CoinWallet.of({
      balance: (userId) => withExecutor(db, (executor) => balanceOf(executor, userId)),
      spend: (entry) =>
        inTransaction(db, async (trx) => {
          // A second checkout of the same collector waits here, then reads the balance this one left.
          await sql`select pg_advisory_xact_lock(hashtext(${`coins:${entry.userId}`}))`.execute(trx)
          if ((await balanceOf(trx, entry.userId)) < -entry.coins) return false
          return insertOnce(trx, entry)
        }),
      orderEntries: (userId, orderId) =>
        withExecutor(db, async (executor) =>
          (
            await executor
              .selectFrom("points_ledger")
              .selectAll()
              .where("user_id", "=", userId)
              .where("kind", "in", ["coin_redemption", "coin_return"])
              .where((eb) =>
                eb.or([
                  eb("reference", "=", orderCoinsReference(orderId)),
                  eb("reference", "like", `${orderCoinsReference(orderId)}#%`),
                ]),
              )
              .orderBy("occurred_at")
              .execute()
          ).map(ledgerEntryOf),
        ),
      give: (entry) => inTransaction(db, (trx) => insertOnce(trx, entry)),
    })
  }),
)
