import type { ColumnType, Generated } from "kysely"

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** The transactional outbox: events recorded with the change they describe, until every handler applied them. */
export interface OutboxEventsTable {
  id: ColumnType<number, never, never>
  type: string
  version: number
  aggregate_id: string
  payload: ColumnType<unknown, string, string>
  occurred_at: Timestamp
  status: Generated<"pending" | "done" | "parked">
  next_attempt_at: Timestamp
  locked_until: NullableTimestamp
  locked_by: string | null
  finished_at: NullableTimestamp
}

/** What each handler did with each event. */
export interface OutboxDeliveriesTable {
  event_id: number
  handler: string
  status: "pending" | "applied" | "failed" | "parked"
  attempts: Generated<number>
  last_error: string | null
  retry_at: NullableTimestamp
  updated_at: Timestamp
}

export interface ScheduledJobsTable {
  name: string
  next_run_at: Timestamp
  last_started_at: NullableTimestamp
  last_finished_at: NullableTimestamp
  last_ok: boolean | null
  last_error: string | null
  runs: Generated<number>
}
