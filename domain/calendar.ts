/** Business dates are civil dates in São Paulo; instants are epoch milliseconds supplied by the caller. */

export interface CivilDate {
  year: number
  /** 1-12 */
  month: number
  day: number
}

export interface YearMonth {
  year: number
  /** 1-12 */
  month: number
}

export const SAO_PAULO_TIME_ZONE = "America/Sao_Paulo"

const MS_PER_DAY = 86_400_000

const MONTH_NAMES_PT_BR = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const

// Created once, on first use: constructing Intl formatters is expensive and they are stateless. Not when the
// module loads: the first one a browser page creates loads its locale data, a long task of the page's start.
let wallClockFormat: Intl.DateTimeFormat | undefined
const wallClockFormatter = () =>
  (wallClockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SAO_PAULO_TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  }))

interface WallClock extends CivilDate {
  hour: number
  minute: number
  second: number
}

function wallClock(epochMs: number): WallClock {
  const values: Record<string, number> = {}
  for (const part of wallClockFormatter().formatToParts(epochMs)) {
    if (part.type !== "literal") values[part.type] = Number(part.value)
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 1,
    day: values.day ?? 1,
    // Some engines print midnight as 24 even with h23.
    hour: (values.hour ?? 0) % 24,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  }
}

function assertEpoch(epochMs: number): void {
  if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid epoch milliseconds: ${epochMs}`)
}

export function toSaoPauloCivil(epochMs: number): CivilDate {
  assertEpoch(epochMs)
  const { year, month, day } = wallClock(epochMs)
  return { year, month, day }
}

/** "14:05", the São Paulo wall time of an instant. */
export function formatTimeBR(epochMs: number): string {
  assertEpoch(epochMs)
  const { hour, minute } = wallClock(epochMs)
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`
}

/** Days since 1970-01-01 in the proleptic Gregorian calendar (Hinnant's algorithm, integers only). */
export function epochDay(date: CivilDate): number {
  const y = date.month <= 2 ? date.year - 1 : date.year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (date.month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + date.day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

export function civilFromEpochDay(days: number): CivilDate {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/** Epoch ms the wall time would have if São Paulo were UTC; the gap to the real instant is the offset. */
function wallAsUtcMs(date: CivilDate, hour: number, minute: number, second = 0): number {
  return epochDay(date) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000
}

function offsetMs(epochMs: number): number {
  const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000)
  const w = wallClock(wholeSecond)
  return wallAsUtcMs(w, w.hour, w.minute, w.second) - wholeSecond
}

export function saoPauloInstant(date: CivilDate, hour: number, minute = 0): number {
  if (!isValidCivil(date)) throw new RangeError(`Invalid civil date: ${JSON.stringify(date)}`)
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`Invalid hour: ${hour}`)
  if (!Number.isInteger(minute) || minute < 0 || minute > 59)
    throw new RangeError(`Invalid minute: ${minute}`)
  const wall = wallAsUtcMs(date, hour, minute)
  // Offsets a day either side bracket any historical DST switch near this wall time.
  const candidates = [wall - offsetMs(wall - MS_PER_DAY), wall - offsetMs(wall + MS_PER_DAY)]
  const valid = candidates.filter((t) => wall - offsetMs(t) === t)
  // Ambiguous (clocks went back): earliest; skipped (clocks went forward): the instant after the gap.
  return valid.length > 0 ? Math.min(...valid) : Math.max(...candidates)
}

export function saoPauloMidnightUtcMs(date: CivilDate): number {
  return saoPauloInstant(date, 0, 0)
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

export function isValidCivil(date: CivilDate): boolean {
  const { year, month, day } = date
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  )
}

export function monthIndex(ym: YearMonth): number {
  return ym.year * 12 + ym.month - 1
}

export function fromMonthIndex(index: number): YearMonth {
  const year = Math.floor(index / 12)
  return { year, month: index - year * 12 + 1 }
}

export function addMonths(ym: YearMonth, n: number): YearMonth {
  return fromMonthIndex(monthIndex(ym) + n)
}

export function addDays(date: CivilDate, n: number): CivilDate {
  return civilFromEpochDay(epochDay(date) + n)
}

export function compareCivil(a: CivilDate, b: CivilDate): number {
  return Math.sign(a.year - b.year || a.month - b.month || a.day - b.day)
}

export function civilDaysBetween(a: CivilDate, b: CivilDate): number {
  return epochDay(b) - epochDay(a)
}

export function formatDateBR(d: CivilDate): string {
  const dd = String(d.day).padStart(2, "0")
  const mm = String(d.month).padStart(2, "0")
  return `${dd}/${mm}/${String(d.year).padStart(4, "0")}`
}

export function monthNamePtBR(month: number): string {
  const name = MONTH_NAMES_PT_BR[month - 1]
  if (name === undefined) throw new RangeError(`Invalid month: ${month}`)
  return name
}

export function monthYearLabelPtBR(ym: YearMonth): string {
  const name = monthNamePtBR(ym.month)
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${ym.year}`
}

/** "YYYY-MM-DD" as a civil date, or null when it is not a real day. */
export function parseIsoDay(value: string): CivilDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  return isValidCivil(date) ? date : null
}

/**
 * The instants a filter of whole São Paulo days covers: from the start of `from` to the end of `to` (both
 * inclusive), either side open when absent or not a real day.
 */
export function saoPauloDayRange(from?: string, to?: string): { from?: number; to?: number } {
  const first = from ? parseIsoDay(from) : null
  const last = to ? parseIsoDay(to) : null
  return {
    ...(first ? { from: saoPauloMidnightUtcMs(first) } : {}),
    ...(last ? { to: saoPauloMidnightUtcMs(addDays(last, 1)) } : {}),
  }
}
