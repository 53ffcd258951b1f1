import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Waitlists } from "../../application/ports/Waitlists"
import type { WaitlistEntry } from "../../domain/editions/waitlist"
import { heldDelta, type WaitlistLine } from "../../domain/editions/waitlistLine"
import { REVEAL_COLUMNS, revealFactsFromRow } from "../catalog/rows"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { inTransaction, withExecutor } from "../db/transaction"

const LIVE = ["waiting", "offered"] as const
const ms = (d: Date | null) => (d === null ? null : d.getTime())

/**
 * The line of an edition. `lock` takes the product's row lock, the same one `EditionStock.reserve` and
 * `release` take by updating that row: every change of the edition's units and of its line queues there.
 */
async function readLine(executor: Kysely<Database>, productId: string, lock: boolean) {
  const product = await executor
    .selectFrom("collection_products")
    .select([
      "edition_size",
      sql<number>`greatest(0, coalesce(edition_size, 0) - edition_reserved - edition_sold - edition_offered)::int`.as(
        "available",
      ),
    ])
    .where("id", "=", productId)
    // Not `for update`: buyers' order lines hold key-share locks on this row (their foreign key), and the
    // row-update lock the stock's own updates take is the one that does not conflict with those.
    .$if(lock, (q) => q.forNoKeyUpdate())
    .executeTakeFirst()
  if (!product) return null
  const rows = await executor
    .selectFrom("waitlist_entries")
    .select(["id", "user_id", "joined_at", "status", "offer_expires_at"])
    .where("product_id", "=", productId)
    .where("status", "in", LIVE)
    .execute()
  const entries: WaitlistEntry[] = rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    joinedAt: r.joined_at.getTime(),
    status: r.status,
    offerExpiresAt: ms(r.offer_expires_at),
  }))
  return { size: product.edition_size, available: product.available, entries } satisfies WaitlistLine
}

export const PostgresWaitlistsLayer = Layer.effect(
  Waitlists,
  Effect.gen(function* () {
    const { db } = yield* Db
    return Waitlists.of({
      update: (productId, now, decide) =>
        inTransaction(db, async (trx) => {
          const line = await readLine(trx, productId, true)
          if (!line) return null
          const change = decide(line)
          const at = new Date(now)
          if (change.join)
            await trx
              .insertInto("waitlist_entries")
              .values({ product_id: productId, user_id: change.join.userId, joined_at: at, updated_at: at })
              .execute()
          for (const c of change.changes)
            await trx
              .updateTable("waitlist_entries")
              .set({
                status: c.status,
                updated_at: at,
                ...(c.status === "offered"
                  ? { offered_at: at, offer_expires_at: new Date(c.offerExpiresAt ?? now) }
                  : {}),
                ...(c.orderId ? { order_id: c.orderId } : {}),
              })
              .where("id", "=", c.id)
              .where("product_id", "=", productId)
              .execute()
          const delta = heldDelta(line.entries, change.changes)
          if (delta !== 0)
            await trx
              .updateTable("collection_products")
              .set({ edition_offered: sql`edition_offered + ${delta}` })
              .where("id", "=", productId)
              .execute()
          return { value: change.value }
        }),
      line: (productId) => withExecutor(db, (executor) => readLine(executor, productId, false)),
      lapsed: (now, limit) =>
        withExecutor(db, async (executor) => {
          const rows = await executor
            .selectFrom("waitlist_entries")
            .select("product_id")
            .distinct()
            .where("status", "=", "offered")
            .where("offer_expires_at", "<=", new Date(now))
            .limit(limit)
            .execute()
          return rows.map((r) => r.product_id)
        }),
      mine: (userId) =>
        withExecutor(db, async (executor) => {
          const rows = await executor
            .selectFrom("waitlist_entries as w")
            .innerJoin("collection_products as p", "p.id", "w.product_id")
            .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
            .select([
              "w.id",
              "w.product_id",
              "w.status",
              "w.joined_at",
              "w.offer_expires_at",
              "p.name as character_name",
              "c.name as collection_name",
              sql<number | null>`case when w.status = 'waiting' then (
                select count(*)::int from waitlist_entries o
                where o.product_id = w.product_id and o.status = 'waiting'
                  and (o.joined_at, o.id) <= (w.joined_at, w.id)) end`.as("position"),
            ])
            .select(REVEAL_COLUMNS)
            .where("w.user_id", "=", userId)
            .orderBy("w.joined_at", "desc")
            .execute()
          return rows.map((r) => ({
            id: r.id,
            productId: r.product_id,
            characterName: r.character_name,
            reveal: revealFactsFromRow(r),
            collectionName: r.collection_name,
            status: r.status,
            position: r.position,
            joinedAt: r.joined_at.getTime(),
            offerExpiresAt: ms(r.offer_expires_at),
          }))
        }),
    })
  }),
)
