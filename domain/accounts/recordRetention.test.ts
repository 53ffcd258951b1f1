import { describe, expect, it } from "vitest"
import { type CivilDate, saoPauloInstant } from "../calendar"
import { pastRetention, retainedThrough, retentionCutoff } from "./recordRetention"

const day = (year: number, month: number, date: number): CivilDate => ({ year, month, day: date })
/** Whether a purchase at `placedAt` is past its retention at `now`, as the purge asks it. */
const purged = (placedAt: number, now: number) => placedAt < retentionCutoff(now)

describe("how long a deleted account's purchase records are kept", () => {
  it("keeps them through the same day five years on, and not a day longer", () => {
    const bought = saoPauloInstant(day(2026, 12, 7), 10)
    expect(purged(bought, saoPauloInstant(day(2031, 12, 6), 12))).toBe(false)
    expect(purged(bought, saoPauloInstant(day(2031, 12, 7), 23, 59))).toBe(false)
    expect(purged(bought, saoPauloInstant(day(2031, 12, 8), 0))).toBe(true)
  })

  it("counts days in São Paulo: a purchase at 23:30 there is already the next day in UTC", () => {
    const lateEvening = saoPauloInstant(day(2026, 12, 7), 23, 30)
    expect(new Date(lateEvening).getUTCDate()).toBe(8)
    expect(purged(lateEvening, saoPauloInstant(day(2031, 12, 8), 0, 30))).toBe(true)
    const nextMorning = saoPauloInstant(day(2026, 12, 8), 0, 30)
    expect(purged(nextMorning, saoPauloInstant(day(2031, 12, 8), 23))).toBe(false)
  })

  it("keeps a purchase of 29 February through 1 March of a year with no such day", () => {
    expect(retainedThrough(day(2028, 2, 29))).toEqual(day(2033, 3, 1))
    expect(retainedThrough(day(2028, 2, 28))).toEqual(day(2033, 2, 28))
    const leapDay = saoPauloInstant(day(2028, 2, 29), 12)
    expect(purged(leapDay, saoPauloInstant(day(2033, 3, 1), 12))).toBe(false)
    expect(purged(leapDay, saoPauloInstant(day(2033, 3, 2), 0))).toBe(true)
    expect(purged(saoPauloInstant(day(2028, 2, 28), 12), saoPauloInstant(day(2033, 3, 1), 0))).toBe(true)
    expect(pastRetention(day(2028, 3, 1), day(2033, 3, 1))).toBe(false)
  })

  it("on a leap day, ends what was bought on 28 February five years before", () => {
    const leapDay = saoPauloInstant(day(2032, 2, 29), 12)
    expect(retentionCutoff(leapDay)).toBe(saoPauloInstant(day(2027, 3, 1), 0))
    expect(purged(saoPauloInstant(day(2027, 2, 28), 23), leapDay)).toBe(true)
  })
})
