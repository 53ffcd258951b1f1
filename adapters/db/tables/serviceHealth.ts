import type { ColumnType } from "kysely"

export interface ServiceHealthTable {
  service: string
  source: "probe" | "traffic"
  minute: ColumnType<Date, Date, never>
  calls: number
  failures: number
  slow_calls: number
  total_latency_ms: number
  last_at: ColumnType<Date, Date, Date>
}
