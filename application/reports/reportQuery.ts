import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import {
  isoDay,
  periodBuckets,
  periodInstants,
  type ReportGrouping,
  type ReportPreset,
  resolvePeriod,
} from "../../domain/reports"
import { InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"

/** The filters the reports screen and its CSV share. */
export interface ReportQuery {
  readonly preset: ReportPreset
  /** "YYYY-MM-DD", São Paulo days, both included; for the custom preset. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly grouping: ReportGrouping
}

/** The period the query names today in São Paulo, as instants for the SQL and buckets for the chart. */
export const readReportQuery = Effect.fnUntraced(function* (input: ReportQuery) {
  const today = toSaoPauloCivil(yield* (yield* Clock).now())
  const resolved = resolvePeriod(input, today)
  if (!resolved.ok) return yield* new InvalidInput({ message: resolved.message })
  return {
    first: isoDay(resolved.period.first),
    last: isoDay(resolved.period.last),
    range: periodInstants(resolved.period),
    buckets: periodBuckets(resolved.period, input.grouping),
  }
})
