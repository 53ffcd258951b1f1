import {
  addMonths,
  type CivilDate,
  daysInMonth,
  monthIndex,
  saoPauloMidnightUtcMs,
  toSaoPauloCivil,
  type YearMonth,
} from "../calendar"
import { PAYMENT_CUTOFF_DAY, shipDate } from "../shipping/schedule"

/** A month a plan covers, "YYYY-MM", São Paulo. Strings compare in time order. */
export type Month = string

export const monthKey = (ym: YearMonth): Month => `${ym.year}-${String(ym.month).padStart(2, "0")}`

export function parseMonth(month: Month): YearMonth {
  const match = /^(\d{4})-(\d{2})$/.exec(month)
  const ym = match ? { year: Number(match[1]), month: Number(match[2]) } : null
  if (!ym || ym.month < 1 || ym.month > 12) throw new RangeError(`Invalid month: ${month}`)
  return ym
}

export const shiftMonth = (month: Month, n: number): Month => monthKey(addMonths(parseMonth(month), n))

export const monthOfInstant = (instant: number): Month => monthKey(toSaoPauloCivil(instant))

/** `count` consecutive months from `first`. */
export const monthsFrom = (first: Month, count: number): Month[] =>
  Array.from({ length: count }, (_, i) => shiftMonth(first, i))

/** The number of months from `a` to `b` (negative when `b` is earlier). */
export const monthsBetween = (a: Month, b: Month): number =>
  monthIndex(parseMonth(b)) - monthIndex(parseMonth(a))

/**
 * The first month a payment covers: its own month when paid on days 1–14, else the next one (decision 3, the
 * ship-date rule: a payment from day 15 joins the next month's batch).
 */
export function firstCoveredMonth(paidOn: CivilDate): Month {
  const month = monthKey(paidOn)
  return paidOn.day < PAYMENT_CUTOFF_DAY ? month : shiftMonth(month, 1)
}

/**
 * The months a payment made at `paidAt` covers, continuing the months already covered: never before the
 * payment's first month, never overlapping `coveredThrough`, and never a month in `held` (its character the
 * collector already holds up to its edition's limit: one numbered piece per collector), whose place the next
 * month takes.
 */
export function monthsPaidFor(
  paidAt: number,
  count: number,
  coveredThrough: Month | null,
  held: ReadonlySet<Month> = new Set(),
): Month[] {
  const first = firstCoveredMonth(toSaoPauloCivil(paidAt))
  const next = coveredThrough === null ? first : shiftMonth(coveredThrough, 1)
  const months: Month[] = []
  for (let month = next > first ? next : first; months.length < count; month = shiftMonth(month, 1))
    if (!held.has(month)) months.push(month)
  return months
}

/** The instant a covered period ends: midnight in São Paulo at the start of the month after `last`. */
export const coverageEndsAt = (last: Month): number => monthStartsAt(shiftMonth(last, 1))

export const monthStartsAt = (month: Month): number => saoPauloMidnightUtcMs({ ...parseMonth(month), day: 1 })

/**
 * When a covered month makes the collector a subscriber: from its start when the month before is covered too,
 * else from the payment (made in the month, or from day 15 of the month before), so a month left unpaid (a
 * pause) is a gap.
 */
export function entitledFrom(month: Month, paidAt: number, previousCovered: boolean): number {
  if (previousCovered) return monthStartsAt(month)
  return Math.max(paidAt, monthStartsAt(shiftMonth(month, -1)))
}

/**
 * The day a month's shipment leaves: the schedule's day for the payment when that falls in the month (paid on
 * day 3 ships on day 30; paid on day 20 for next month ships on its day 15), else the month's own batch (day 30,
 * or the last day of a shorter month) for a month paid ahead.
 */
export function shipmentShipsOn(month: Month, paidOn: CivilDate): CivilDate {
  const byPayment = shipDate(paidOn)
  if (monthKey(byPayment) === month) return byPayment
  const ym = parseMonth(month)
  return { ...ym, day: Math.min(30, daysInMonth(ym.year, ym.month)) }
}
