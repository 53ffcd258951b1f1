import { addDays, type CivilDate, compareCivil, epochDay } from "./calendar"

/** Easter Sunday of a year (the anonymous Gregorian algorithm): Carnival, Good Friday and Corpus Christi move with it. */
export function easterSunday(year: number): CivilDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { year, month, day }
}

// National holidays (Lei 662/1949, 6.802/1980, 14.759/2023) and the Carnival days banks and carriers keep.
const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1],
  [4, 21],
  [5, 1],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [11, 20],
  [12, 25],
]
const EASTER_OFFSETS = [-48, -47, -2, 60] as const

export function isNationalHoliday(date: CivilDate): boolean {
  if (FIXED_HOLIDAYS.some(([m, d]) => m === date.month && d === date.day)) return true
  const easter = epochDay(easterSunday(date.year))
  return EASTER_OFFSETS.some((offset) => easter + offset === epochDay(date))
}

export function isBusinessDay(date: CivilDate): boolean {
  // 1970-01-01 was a Thursday: day 0 → 4 in Sunday-based numbering.
  const weekday = (((epochDay(date) + 4) % 7) + 7) % 7
  return weekday !== 0 && weekday !== 6 && !isNationalHoliday(date)
}

/** The business day `n` business days after `date` (the date itself never counts). */
export function addBusinessDays(date: CivilDate, n: number): CivilDate {
  let day = date
  let left = n
  while (left > 0) {
    day = addDays(day, 1)
    if (isBusinessDay(day)) left--
  }
  return day
}

/** Business days after `from` up to and including `to`; zero when `to` is not after `from`. */
export function businessDaysBetween(from: CivilDate, to: CivilDate): number {
  let count = 0
  for (let day = addDays(from, 1); compareCivil(day, to) <= 0; day = addDays(day, 1))
    if (isBusinessDay(day)) count++
  return count
}
