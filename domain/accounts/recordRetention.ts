import {
  addDays,
  type CivilDate,
  compareCivil,
  daysInMonth,
  saoPauloMidnightUtcMs,
  toSaoPauloCivil,
} from "../calendar"
import { RETENTION_YEARS } from "./accountDeletion"

/**
 * The last day a purchase's records are kept: the same day RETENTION_YEARS later, or the day after when that
 * year has no such day (a purchase on 29 February; Código Civil art. 132 §3). Days are São Paulo's.
 */
export function retainedThrough(purchase: CivilDate): CivilDate {
  const year = purchase.year + RETENTION_YEARS
  return purchase.day <= daysInMonth(year, purchase.month)
    ? { ...purchase, year }
    : addDays({ year, month: purchase.month, day: daysInMonth(year, purchase.month) }, 1)
}

/** Whether, on `today`, a purchase made on `purchase` is past its retention (its last day is over). */
export const pastRetention = (purchase: CivilDate, today: CivilDate) =>
  compareCivil(retainedThrough(purchase), today) < 0

/**
 * The instant before which every purchase is past its retention at `now`: the start, in São Paulo, of the first
 * purchase day still kept. A deleted account's records bought before it lose what still names the person.
 */
export function retentionCutoff(now: number): number {
  const today = toSaoPauloCivil(now)
  const year = today.year - RETENTION_YEARS
  // Two days before the same date back, every purchase is past; the first one kept is at most a few days on.
  let day = addDays(
    { year, month: today.month, day: Math.min(today.day, daysInMonth(year, today.month)) },
    -2,
  )
  while (pastRetention(day, today)) day = addDays(day, 1)
  return saoPauloMidnightUtcMs(day)
}
