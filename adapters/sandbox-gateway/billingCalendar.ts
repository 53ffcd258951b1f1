import {
  compareCivil,
  fromMonthIndex,
  monthIndex,
  saoPauloMidnightUtcMs,
  toSaoPauloCivil,
  type YearMonth,
} from "../../domain/calendar"

/** Days of the month a refused renewal is tried again (the first try is on day 1). */
export const RETRY_DAYS = [3, 5] as const

/** "2026-11": a billing month in São Paulo, as the sandbox stores it. */
export const monthKey = (ym: YearMonth) => `${ym.year}-${String(ym.month).padStart(2, "0")}`

export const parseMonthKey = (key: string): YearMonth => {
  const [year, month] = key.split("-").map(Number)
  return { year: year ?? 0, month: month ?? 1 }
}

export const monthOf = (epochMs: number) => monthKey(toSaoPauloCivil(epochMs))

/** The billing month `n` months after `key`. */
export const addMonthsToKey = (key: string, n: number) =>
  monthKey(fromMonthIndex(monthIndex(parseMonthKey(key)) + n))

/**
 * The billing month whose renewal is due at `now`, or null: renewals fall on day 1 of every `frequency`-th
 * month after the first charge's month, and are made by the first run in that month (never a late catch-up
 * of a month gone by, which would charge twice in a row).
 */
export function dueCycle(startMonth: string, frequencyMonths: number, now: number): string | null {
  const current = monthIndex(toSaoPauloCivil(now))
  const elapsed = current - monthIndex(parseMonthKey(startMonth))
  return elapsed > 0 && elapsed % frequencyMonths === 0 ? monthKey(fromMonthIndex(current)) : null
}

/** When the next renewal falls: midnight of day 1 of the next billing month after the current one. */
export function nextRenewalAt(startMonth: string, frequencyMonths: number, now: number): number {
  const current = monthIndex(toSaoPauloCivil(now))
  const start = monthIndex(parseMonthKey(startMonth))
  const next = start + (Math.floor((current - start) / frequencyMonths) + 1) * frequencyMonths
  return saoPauloMidnightUtcMs({ ...fromMonthIndex(next), day: 1 })
}

/**
 * Whether a refused renewal is due for its next try at `now`: in its own billing month, from the retry's day
 * on, and never twice on one day (a run that missed day 3 tries on the next run and the day after).
 */
export function retryDue(
  charge: { cycleMonth: string; retryAttempt: number; chargedAt: number },
  now: number,
): boolean {
  const day = RETRY_DAYS[charge.retryAttempt]
  if (day === undefined) return false
  const today = toSaoPauloCivil(now)
  if (monthKey(today) !== charge.cycleMonth || today.day < day) return false
  return compareCivil(toSaoPauloCivil(charge.chargedAt), today) < 0
}
