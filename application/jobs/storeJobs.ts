import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { EventQueue } from "../ports/EventQueue"
import { Housekeeping } from "../ports/Housekeeping"
import type { ScheduledJob } from "./runDueJobs"

const DAY = 24 * 60 * 60_000

/** Finished events are kept this long for investigation, then deleted with their deliveries. */
export const FINISHED_EVENTS_KEPT_DAYS = 30

/** The store's periodic work. Later modules add theirs (reconciliation, PIX and boleto expiry, billing). */
export const storeJobs: readonly ScheduledJob<Clock | EventQueue | Housekeeping>[] = [
  {
    // Retries whose back-off ran out and claims whose holder died are picked up by every dispatcher at once.
    name: "outbox.redrive",
    recurrence: { every: 5_000 },
    run: EventQueue.use((queue) => queue.wakeIfDue()),
  },
  {
    name: "auth.purgeExpired",
    recurrence: { every: 60 * 60_000 },
    run: Effect.gen(function* () {
      const purged = yield* (yield* Housekeeping).purgeExpired(yield* (yield* Clock).now())
      yield* Effect.logDebug("expired rows purged").pipe(Effect.annotateLogs(purged))
    }),
  },
  {
    name: "outbox.purgeFinished",
    recurrence: { dailyAt: { hour: 3, minute: 30 } },
    run: Effect.gen(function* () {
      const now = yield* (yield* Clock).now()
      const deleted = yield* (yield* EventQueue).purgeFinished(now - FINISHED_EVENTS_KEPT_DAYS * DAY)
      yield* Effect.logDebug("finished events purged").pipe(Effect.annotateLogs({ deleted }))
    }),
  },
]
