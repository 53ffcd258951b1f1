import { Context, type Effect } from "effect"

export interface JobRun {
  readonly name: string
  readonly ok: boolean
  readonly error?: string
}

/** When each scheduled job runs next, shared by every instance of the store. */
export class JobSchedule extends Context.Service<
  JobSchedule,
  {
    /**
     * Claims the job's run if it is due at `now`, moving its next run to `next`. Atomic across instances:
     * of several asking for the same due run, exactly one gets true.
     */
    claimDue(name: string, now: number, next: number): Effect.Effect<boolean>
    /** Records how the run ended. */
    finish(run: JobRun, now: number): Effect.Effect<void>
  }
>()("store/application/JobSchedule") {}
