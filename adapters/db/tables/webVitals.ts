import type { ColumnType } from "kysely"

export interface WebVitalsTable {
  id: ColumnType<string, string | undefined, never>
  recorded_at: ColumnType<Date, Date | string, never>
  path: string
  fcp_ms: number | null
  lcp_ms: number | null
  fid_ms: number | null
  inp_ms: number | null
  cls: number | null
  ttfb_ms: number | null
  load_ms: number | null
  score: number
  user_agent: string | null
}
