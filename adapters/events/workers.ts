import { Cause, Effect, Layer } from "effect"
import { type DispatchOptions, dispatchEvents } from "../../application/events/dispatchEvents"
import type { EventHandler } from "../../application/events/EventHandler"
import { runDueJobs, type ScheduledJob } from "../../application/jobs/runDueJobs"
import { Db } from "../db/DatabaseService"
import { OUTBOX_CHANNEL } from "./PostgresOutbox"

/** A wake-up call that is not lost when it arrives while nobody waits: the next wait returns at once. */
function wakeSignal() {
  let pending = false
  const waiters = new Set<() => void>()
  return {
    notify() {
      if (waiters.size === 0) pending = true
      for (const wake of [...waiters]) wake()
    },
    /** Waits for a notification, or `ms` at most. */
    wait: (ms: number) =>
      Effect.callback<void>((resume) => {
        if (pending) {
          pending = false
          resume(Effect.void)
          return
        }
        const done = () => {
          clearTimeout(timer)
          waiters.delete(done)
          resume(Effect.void)
        }
        const timer = setTimeout(done, ms)
        waiters.add(done)
        return Effect.sync(() => {
          clearTimeout(timer)
          waiters.delete(done)
        })
      }),
  }
}

export interface DispatcherSettings extends DispatchOptions {
  /** The longest the dispatcher sleeps without a notification (a safety net; NOTIFY wakes it at once). */
  readonly idlePollMs: number
}

/**
 * The event dispatcher of this instance: woken by NOTIFY when an event commits (on PostgreSQL and PGlite
 * alike), it drains every due event, then sleeps until the next notification or `idlePollMs`.
 */
export const DispatcherWorker = <R>(handlers: readonly EventHandler<R>[], settings: DispatcherSettings) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const { listen } = yield* Db
      const signal = wakeSignal()
      yield* Effect.acquireRelease(
        Effect.promise(() => listen(OUTBOX_CHANNEL, signal.notify)),
        (unlisten) => Effect.promise(() => unlisten()),
      )
      const drainOnce = dispatchEvents(handlers, settings).pipe(
        Effect.catchCause((cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logError("event dispatch failed").pipe(
                Effect.annotateLogs({ error: Cause.pretty(cause).slice(0, 2000) }),
                Effect.as(0),
              ),
        ),
      )
      yield* Effect.forkScoped(
        Effect.forever(
          Effect.gen(function* () {
            if ((yield* drainOnce) === 0) yield* signal.wait(settings.idlePollMs)
          }),
        ),
      )
    }),
  )

/** Ticks every `tickMs`, running the jobs that are due (each due run on exactly one instance). */
export const SchedulerWorker = <R>(jobs: readonly ScheduledJob<R>[], tickMs: number) =>
  Layer.effectDiscard(
    Effect.forkScoped(
      Effect.forever(
        runDueJobs(jobs).pipe(
          Effect.catchCause((cause) =>
            Cause.hasInterruptsOnly(cause)
              ? Effect.failCause(cause)
              : Effect.logError("scheduler tick failed").pipe(
                  Effect.annotateLogs({ error: Cause.pretty(cause).slice(0, 2000) }),
                ),
          ),
          Effect.andThen(Effect.sleep(tickMs)),
        ),
      ),
    ),
  )
