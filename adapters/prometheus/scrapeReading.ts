import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { Clock } from "../../application/ports/Clock"
import { Db } from "../db/DatabaseService"
import type { StoreMetrics } from "./storeMetrics"

/**
 * Gives the metrics what they read from the database at each scrape, in one query over partial indexes (the
 * pending events, the parked deliveries): the outbox's backlog is the same for every instance, so any one
 * scraped tells it. Ages are measured on the store's Clock, which stamped the events.
 */
export const ScrapeReadingLayer = (metrics: StoreMetrics) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const { db, poolUse } = yield* Db
      const clock = yield* Clock
      metrics.readAtScrape(async () => {
        const now = await Effect.runPromise(clock.now())
        const { rows } = await sql<{ pending: number; oldest: Date | string | null; parked: number }>`
          select p.pending, p.oldest,
            (select count(*)::int from outbox_deliveries where status = 'parked') as parked
          from (select count(*)::int as pending, min(occurred_at) as oldest
                from outbox_events where status = 'pending') p`.execute(db)
        const row = rows[0]
        return {
          pendingEvents: row?.pending ?? 0,
          oldestPendingAgeSeconds: row?.oldest ? (now - new Date(row.oldest).getTime()) / 1000 : null,
          parkedDeliveries: row?.parked ?? 0,
          pool: poolUse?.() ?? null,
        }
      })
    }),
  )
