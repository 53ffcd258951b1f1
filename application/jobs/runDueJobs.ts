import { Effect, Exit } from "effect"
import { nextRunAfter, type Recurrence } from "../../domain/recurrence"
import { describeFailure } from "../events"
import { Clock } from "../ports/Clock"
import { JobSchedule } from "../ports/JobSchedule"

export interface ScheduledJob<R = never> {
  /** Stable: the schedule is kept under this name. */
  readonly name: string
  readonly recurrence: Recurrence
  readonly run: Effect.Effect<unknown, unknown, R>
}

/**
 * Runs every job whose time has come. Each due run is claimed in the database first, so with several
 * instances ticking it runs on exactly one; a failed run is logged and simply runs again at its next time.
 */
export const runDueJobs = Effect.fn("Jobs.runDue")(function* <R>(jobs: readonly ScheduledJob<R>[]) {
  const schedule = yield* JobSchedule
  const clock = yield* Clock
  const ran: string[] = []
  for (const job of jobs) {
    const now = yield* clock.now()
    if (!(yield* schedule.claimDue(job.name, now, nextRunAfter(job.recurrence, now)))) continue
    ran.push(job.name)
    const exit = yield* Effect.exit(job.run)
    const ok = Exit.isSuccess(exit)
    const error = ok ? undefined : describeFailure(exit.cause)
    if (error)
      yield* Effect.logWarning("scheduled job failed").pipe(Effect.annotateLogs({ job: job.name, error }))
    yield* schedule.finish({ name: job.name, ok, ...(error ? { error } : {}) }, yield* clock.now())
  }
  return ran
})
