import {
  addDays,
  type CivilDate,
  civilDaysBetween,
  compareCivil,
  epochDay,
  parseIsoDay,
  saoPauloMidnightUtcMs,
  toSaoPauloCivil,
} from "../calendar"

/** How a report's series is cut: São Paulo days, ISO weeks (Monday first, as Postgres' date_trunc) or months. */
export const REPORT_GROUPINGS = ["day", "week", "month"] as const
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number]

export const REPORT_PRESETS = ["7d", "30d", "90d", "month", "year", "custom"] as const
export type ReportPreset = (typeof REPORT_PRESETS)[number]

export const REPORT_PRESET_LABEL: Readonly<Record<ReportPreset, string>> = {
  "7d": "Últimos 7 dias",
  "30d": "Últimos 30 dias",
  "90d": "Últimos 90 dias",
  month: "Este mês",
  year: "Este ano",
  custom: "Personalizado",
}

export const REPORT_GROUPING_LABEL: Readonly<Record<ReportGrouping, string>> = {
  day: "Dia",
  week: "Semana",
  month: "Mês",
}

/** Two years of days keeps a chart readable and a query bounded. */
export const REPORT_MAX_DAYS = 731

/** Whole São Paulo days, both ends included. */
export interface ReportPeriod {
  readonly first: CivilDate
  readonly last: CivilDate
}

export interface PeriodChoice {
  readonly preset: ReportPreset
  /** "YYYY-MM-DD", for the custom preset. */
  readonly from?: string | undefined
  readonly to?: string | undefined
}

export type PeriodResult =
  | { readonly ok: true; readonly period: ReportPeriod }
  | { readonly ok: false; readonly message: string }

const LAST_DAYS: Partial<Record<ReportPreset, number>> = { "7d": 7, "30d": 30, "90d": 90 }

/** The period a choice names on `today` (a São Paulo date): "last 7 days" is today and the six before it. */
export function resolvePeriod(choice: PeriodChoice, today: CivilDate): PeriodResult {
  const days = LAST_DAYS[choice.preset]
  if (days !== undefined) return { ok: true, period: { first: addDays(today, 1 - days), last: today } }
  if (choice.preset === "month") return { ok: true, period: { first: { ...today, day: 1 }, last: today } }
  if (choice.preset === "year")
    return { ok: true, period: { first: { year: today.year, month: 1, day: 1 }, last: today } }
  const first = choice.from ? parseIsoDay(choice.from) : null
  const last = choice.to ? parseIsoDay(choice.to) : null
  if (!first) return { ok: false, message: "Data inicial inválida." }
  if (!last) return { ok: false, message: "Data final inválida." }
  if (compareCivil(first, last) > 0)
    return { ok: false, message: "A data final deve ser igual ou posterior à data inicial." }
  if (civilDaysBetween(first, last) >= REPORT_MAX_DAYS)
    return { ok: false, message: "Escolha um período de até 2 anos." }
  return { ok: true, period: { first, last } }
}

/** The instants the period covers: from its first midnight to the midnight after its last day (exclusive). */
export function periodInstants(period: ReportPeriod): { readonly from: number; readonly to: number } {
  return { from: saoPauloMidnightUtcMs(period.first), to: saoPauloMidnightUtcMs(addDays(period.last, 1)) }
}

export function isoDay(date: CivilDate): string {
  const mm = String(date.month).padStart(2, "0")
  const dd = String(date.day).padStart(2, "0")
  return `${String(date.year).padStart(4, "0")}-${mm}-${dd}`
}

/** The first day of the bucket holding `date`; weeks start on Monday (1970-01-01, epoch day 0, was a Thursday). */
export function bucketStart(date: CivilDate, grouping: ReportGrouping): CivilDate {
  if (grouping === "day") return date
  if (grouping === "month") return { ...date, day: 1 }
  const mondayBased = (((epochDay(date) + 3) % 7) + 7) % 7
  return addDays(date, -mondayBased)
}

/** The bucket a sale at `epochMs` counts in: its São Paulo date's, whatever the UTC date says. */
export function bucketOfInstant(epochMs: number, grouping: ReportGrouping): string {
  return isoDay(bucketStart(toSaoPauloCivil(epochMs), grouping))
}

function nextBucket(start: CivilDate, grouping: ReportGrouping): CivilDate {
  if (grouping === "day") return addDays(start, 1)
  if (grouping === "week") return addDays(start, 7)
  return start.month === 12
    ? { year: start.year + 1, month: 1, day: 1 }
    : { ...start, month: start.month + 1 }
}

/** Every bucket the period touches, in order, as the key ("YYYY-MM-DD" of its first day) the SQL groups by. */
export function periodBuckets(period: ReportPeriod, grouping: ReportGrouping): string[] {
  const keys: string[] = []
  for (
    let start = bucketStart(period.first, grouping);
    compareCivil(start, period.last) <= 0;
    start = nextBucket(start, grouping)
  )
    keys.push(isoDay(start))
  return keys
}

/**
 * One row per bucket, in order, so a chart's line does not jump over a day without sales: buckets the query did
 * not return get `empty`. Rows outside the period's buckets are dropped (they cannot be, but a chart must not lie).
 */
export function fillGaps<T extends { readonly bucket: string }>(
  buckets: readonly string[],
  rows: readonly T[],
  empty: (bucket: string) => T,
): T[] {
  const byBucket = new Map(rows.map((row) => [row.bucket, row]))
  return buckets.map((bucket) => byBucket.get(bucket) ?? empty(bucket))
}

/** "27/11", "semana de 23/11", "nov/2026": how a bucket is named on a chart's axis and in its table. */
export function bucketLabel(bucket: string, grouping: ReportGrouping): string {
  const [year, month, day] = bucket.split("-")
  if (grouping === "month") return `${month}/${year}`
  return grouping === "week" ? `Semana de ${day}/${month}/${year}` : `${day}/${month}/${year}`
}
