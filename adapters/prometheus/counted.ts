import { Effect, Layer } from "effect"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { EventQueue } from "../../application/ports/EventQueue"
import { JobSchedule } from "../../application/ports/JobSchedule"
import { afterCommit } from "../db/transaction"
import type { StoreMetrics } from "./storeMetrics"

/*
 * The use cases do not know they are counted: these decorate the ports every order, payment, event and job
 * already passes through, so one place sees every path (checkout, webhooks, reconciliation, retries).
 */

/** Decorates the EventOutbox below it: events count once the change they describe has committed. */
export const CountedEventOutboxLayer = (metrics: StoreMetrics) =>
  Layer.effect(
    EventOutbox,
    Effect.gen(function* () {
      const inner = yield* EventOutbox
      return EventOutbox.of({
        record: (events) =>
          inner.record(events).pipe(Effect.andThen(afterCommit(() => metrics.eventsCommitted(events)))),
      })
    }),
  )

/** Decorates the EventQueue below it: each handler failure, and whether it was parked. */
export const CountedEventQueueLayer = (metrics: StoreMetrics) =>
  Layer.effect(
    EventQueue,
    Effect.gen(function* () {
      const inner = yield* EventQueue
      return EventQueue.of({
        ...inner,
        recordFailure: (eventId, handler, failure) =>
          inner
            .recordFailure(eventId, handler, failure)
            .pipe(
              Effect.tap(() => Effect.sync(() => metrics.handlerFailed(handler, failure.retryAt === null))),
            ),
      })
    }),
  )

/** Decorates the JobSchedule below it: each finished run of a job on this instance. */
export const CountedJobScheduleLayer = (metrics: StoreMetrics) =>
  Layer.effect(
    JobSchedule,
    Effect.gen(function* () {
      const inner = yield* JobSchedule
      return JobSchedule.of({
        claimDue: inner.claimDue,
        finish: (run, now) =>
          inner
            .finish(run, now)
            .pipe(Effect.tap(() => Effect.sync(() => metrics.jobFinished(run.name, run.ok)))),
      })
    }),
  )
