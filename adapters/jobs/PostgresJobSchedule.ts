import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { JobSchedule } from "../../application/ports/JobSchedule"
import { Db, query } from "../db/DatabaseService"

export const PostgresJobScheduleLayer = Layer.effect(
  JobSchedule,
  Effect.gen(function* () {
    const { db } = yield* Db
    return JobSchedule.of({
      // One statement: a job seen for the first time is due at once; an existing row moves on only when due.
      // Of several instances racing, the row lock lets one update and the others then see a future next run.
      claimDue: (name, now, next) =>
        query(() =>
          sql`
            insert into scheduled_jobs (name, next_run_at, last_started_at, runs)
            values (${name}, ${new Date(next)}, ${new Date(now)}, 1)
            on conflict (name) do update
              set next_run_at = excluded.next_run_at, last_started_at = excluded.last_started_at,
                  runs = scheduled_jobs.runs + 1
              where scheduled_jobs.next_run_at <= ${new Date(now)}
                -- More than a period beyond what a run now would schedule: the clock went back (a sandbox's
                -- STORE_CLOCK_START in the past, a corrected host clock). Waiting for it would stop the job.
                or scheduled_jobs.next_run_at > ${new Date(next + (next - now))}
            returning name`.execute(db),
        ).pipe(Effect.map((result) => result.rows.length === 1)),
      finish: (run, now) =>
        query(() =>
          db
            .updateTable("scheduled_jobs")
            .set({ last_finished_at: new Date(now), last_ok: run.ok, last_error: run.error ?? null })
            .where("name", "=", run.name)
            .execute(),
        ),
    })
  }),
)
