import { Cause, Effect, Layer } from "effect"
import type { EventHandler } from "../../application/events"
import { type DispatchOptions, dispatchEvents } from "../../application/events"
import { runDueJobs, type ScheduledJob } from "../../application/jobs"
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
 * How the server stops its workers before it closes the runtime: they take no new work, finish the piece they
 * are on (the dispatcher gives back the events of its batch it has not started), and say when they are done.
 * Interrupting them instead would cut a handler mid-way and keep its batch from other instances until the
 * leases ran out.
 */
export class WorkerShutdown {
  #requested = false
  readonly #wakes = new Set<() => void>()
  readonly #running = new Set<Promise<void>>()

  get requested(): boolean {
    return this.#requested
  }

  /** Asks every worker to stop between two pieces of work; resolves once each has. */
  stop(): Promise<void> {
    this.#requested = true
    for (const wake of this.#wakes) wake()
    return Promise.all(this.#running).then(() => undefined)
  }

  /** Runs `step` again and again until a stop is asked for; `wake` cuts the step's idle wait short. */
  loop<E, R>(step: Effect.Effect<void, E, R>, wake: () => void): Effect.Effect<void, E, R> {
    return Effect.suspend(() => {
      let finished = () => {}
      const running = new Promise<void>((resolve) => (finished = resolve))
      this.#running.add(running)
      this.#wakes.add(wake)
      return Effect.whileLoop({ while: () => !this.#requested, body: () => step, step: () => {} }).pipe(
        Effect.ensuring(
          Effect.sync(() => {
            this.#wakes.delete(wake)
            this.#running.delete(running)
            finished()
          }),
        ),
      )
    })
  }
}

/**
 * The event dispatcher of this instance: woken by NOTIFY when an event commits (on PostgreSQL and PGlite
 * alike), it drains every due event, then sleeps until the next notification or `idlePollMs`.
 */
export const DispatcherWorker = <R>(
  handlers: readonly EventHandler<R>[],
  settings: DispatcherSettings,
  shutdown = new WorkerShutdown(),
) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const { listen } = yield* Db
      const signal = wakeSignal()
      yield* Effect.acquireRelease(
        Effect.promise(() => listen(OUTBOX_CHANNEL, signal.notify)),
        (unlisten) => Effect.promise(() => unlisten()),
      )
      const drainOnce = dispatchEvents(handlers, { ...settings, stopping: () => shutdown.requested }).pipe(
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
        shutdown.loop(
          Effect.gen(function* () {
            if ((yield* drainOnce) === 0 && !shutdown.requested) yield* signal.wait(settings.idlePollMs)
          }),
          signal.notify,
        ),
      )
    }),
  )

/** Ticks every `tickMs`, running the jobs that are due (each due run on exactly one instance). */
export const SchedulerWorker = <R>(
  jobs: readonly ScheduledJob<R>[],
  tickMs: number,
  shutdown = new WorkerShutdown(),
) =>
  Layer.effectDiscard(
    Effect.suspend(() => {
      const signal = wakeSignal()
      return Effect.forkScoped(
        shutdown.loop(
          runDueJobs(jobs).pipe(
            Effect.catchCause((cause) =>
              Cause.hasInterruptsOnly(cause)
                ? Effect.failCause(cause)
                : Effect.logError("scheduler tick failed").pipe(
                    Effect.annotateLogs({ error: Cause.pretty(cause).slice(0, 2000) }),
                  ),
            ),
            Effect.andThen(Effect.suspend(() => (shutdown.requested ? Effect.void : signal.wait(tickMs)))),
          ),
          signal.notify,
        ),
      )
    }),
  )
