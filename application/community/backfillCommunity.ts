import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { type BackfillCursor, CommunityBackfill } from "../ports/CommunityBackfill"
import { OrderStore } from "../ports/OrderStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { acquire } from "./ledgerHandler"
import { refreshCollector } from "./refreshCollector"

const BATCH = 100

/**
 * Replays the paid orders that have no pieces (paid before the community, or by a handler that failed) through
 * the ledger handler's own step, oldest payment first, each in its own transaction with the collector's figures
 * as of that payment (an achievement is dated the day it was reached, not the day of the backfill); then rewrites
 * each collector's figures as of now (the streak). Idempotent: pieces and ledger entries are unique by order, and
 * a replayed order is no longer listed.
 */
export const backfillCommunity = Effect.fn("Community.backfill")(function* () {
  const source = yield* CommunityBackfill
  const orders = yield* OrderStore
  const uow = yield* UnitOfWork
  const collectors = new Set<string>()
  let after: BackfillCursor | null = null
  let replayed = 0
  for (;;) {
    const found: readonly BackfillCursor[] = yield* source.ordersWithoutPieces(after, BATCH)
    for (const { id } of found) {
      const userId = yield* uow.atomically(
        Effect.gen(function* () {
          const order = yield* orders.get(id)
          if (!order?.userId || order.status !== "paid" || order.kind === "plan") return null
          yield* acquire(order, order.userId, order.placedAt)
          yield* refreshCollector(order.userId, order.paidAt ?? order.placedAt)
          return order.userId
        }),
      )
      if (userId) {
        collectors.add(userId)
        replayed++
      }
    }
    if (found.length < BATCH) break
    after = found[found.length - 1] ?? null
  }
  const now = yield* (yield* Clock).now()
  for (const userId of collectors) yield* uow.atomically(refreshCollector(userId, now))
  return { replayed, collectors: collectors.size }
})
