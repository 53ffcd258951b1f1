import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  addDays,
  addMonths,
  type CivilDate,
  civilDaysBetween,
  civilFromEpochDay,
  compareCivil,
  daysInMonth,
  epochDay,
  formatDateBR,
  fromMonthIndex,
  isValidCivil,
  monthIndex,
  monthNamePtBR,
  monthYearLabelPtBR,
  saoPauloDayRange,
  saoPauloInstant,
  saoPauloMidnightUtcMs,
  toSaoPauloCivil,
} from "./calendar"

const civil = (year: number, month: number, day: number): CivilDate => ({ year, month, day })

const arbCivil = fc
  .record({
    year: fc.integer({ min: 1900, max: 2100 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .filter(isValidCivil)

describe("toSaoPauloCivil", () => {
  it.each([
    ["2026-11-15T02:59:59.999Z", civil(2026, 11, 14)],
    ["2026-11-15T03:00:00.000Z", civil(2026, 11, 15)],
    ["2027-01-01T02:00:00.000Z", civil(2026, 12, 31)],
    ["2028-02-29T12:00:00.000Z", civil(2028, 2, 29)],
    ["1970-01-01T00:00:00.000Z", civil(1969, 12, 31)],
    // Summer time (UTC−2) was still in force in January 2018.
    ["2018-01-15T01:59:59.000Z", civil(2018, 1, 14)],
    ["2018-01-15T02:00:00.000Z", civil(2018, 1, 15)],
  ])("%s is %o in São Paulo", (iso, expected) => {
    expect(toSaoPauloCivil(Date.parse(iso))).toEqual(expected)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("rejects %s", (ms) => {
    expect(() => toSaoPauloCivil(ms)).toThrow(RangeError)
  })
})

describe("saoPauloInstant", () => {
  it.each([
    [civil(2026, 11, 1), 0, 0, "2026-11-01T03:00:00.000Z"],
    [civil(2026, 11, 15), 12, 0, "2026-11-15T15:00:00.000Z"],
    [civil(2026, 12, 31), 23, 59, "2027-01-01T02:59:00.000Z"],
    [civil(2028, 2, 29), 0, 0, "2028-02-29T03:00:00.000Z"],
    // Historical summer time: UTC−2.
    [civil(2017, 12, 25), 12, 0, "2017-12-25T14:00:00.000Z"],
    // 2018-11-04 00:00 never happened (clocks jumped to 01:00): the day starts at the jump.
    [civil(2018, 11, 4), 0, 0, "2018-11-04T03:00:00.000Z"],
    // 2018-02-17 23:00 happened twice: the earlier one wins.
    [civil(2018, 2, 17), 23, 0, "2018-02-18T01:00:00.000Z"],
    [civil(2018, 2, 18), 0, 0, "2018-02-18T03:00:00.000Z"],
  ])("%o %i:%i is %s", (date, hour, minute, iso) => {
    expect(saoPauloInstant(date, hour, minute)).toBe(Date.parse(iso))
  })

  it("defaults the minute to zero", () => {
    expect(saoPauloInstant(civil(2026, 3, 10), 9)).toBe(Date.parse("2026-03-10T12:00:00.000Z"))
  })

  it.each([
    [civil(2026, 2, 29), 0, 0],
    [civil(2026, 13, 1), 0, 0],
    [civil(2026, 1, 1), 24, 0],
    [civil(2026, 1, 1), -1, 0],
    [civil(2026, 1, 1), 10, 60],
    [civil(2026, 1, 1), 1.5, 0],
  ])("rejects %o %s:%s", (date, hour, minute) => {
    expect(() => saoPauloInstant(date, hour, minute)).toThrow(RangeError)
  })

  it("midnight is the first instant of the São Paulo day", () => {
    fc.assert(
      fc.property(arbCivil, (date) => {
        const midnight = saoPauloMidnightUtcMs(date)
        expect(toSaoPauloCivil(midnight)).toEqual(date)
        expect(toSaoPauloCivil(midnight - 1)).toEqual(addDays(date, -1))
      }),
    )
  })

  it("round-trips any wall time since the end of summer time", () => {
    const recent = arbCivil.filter((d) => d.year >= 2020)
    fc.assert(
      fc.property(recent, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (date, h, m) => {
        const t = saoPauloInstant(date, h, m)
        expect(toSaoPauloCivil(t)).toEqual(date)
        expect(t - saoPauloMidnightUtcMs(date)).toBe((h * 60 + m) * 60_000)
      }),
    )
  })
})

describe("daysInMonth", () => {
  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2100, 2, 28],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days)
  })
})

describe("month arithmetic", () => {
  it.each([
    [{ year: 2026, month: 11 }, 1, { year: 2026, month: 12 }],
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
    [{ year: 2026, month: 1 }, -1, { year: 2025, month: 12 }],
    [{ year: 2026, month: 3 }, 24, { year: 2028, month: 3 }],
    [{ year: 2026, month: 3 }, -15, { year: 2024, month: 12 }],
    [{ year: 2026, month: 5 }, 0, { year: 2026, month: 5 }],
  ])("addMonths(%o, %i) = %o", (ym, n, expected) => {
    expect(addMonths(ym, n)).toEqual(expected)
  })

  it.each([
    [{ year: 2026, month: 1 }, 24312],
    [{ year: 2026, month: 12 }, 24323],
    [{ year: 0, month: 1 }, 0],
  ])("monthIndex(%o) = %i", (ym, index) => {
    expect(monthIndex(ym)).toBe(index)
    expect(fromMonthIndex(index)).toEqual(ym)
  })

  it("addMonths composes", () => {
    const ym = fc.record({
      year: fc.integer({ min: 1900, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
    })
    fc.assert(
      fc.property(
        ym,
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: -500, max: 500 }),
        (start, a, b) => {
          expect(addMonths(addMonths(start, a), b)).toEqual(addMonths(start, a + b))
          expect(monthIndex(addMonths(start, a)) - monthIndex(start)).toBe(a)
        },
      ),
    )
  })
})

describe("day arithmetic", () => {
  it.each([
    [civil(2026, 1, 1), civil(2026, 1, 1), 0, 0],
    [civil(2026, 1, 1), civil(2026, 1, 2), 1, -1],
    [civil(2026, 1, 31), civil(2026, 2, 1), 1, -1],
    [civil(2028, 2, 28), civil(2028, 3, 1), 2, -1],
    [civil(2026, 2, 28), civil(2026, 3, 1), 1, -1],
    [civil(2026, 12, 31), civil(2027, 1, 1), 1, -1],
    [civil(2026, 1, 1), civil(2027, 1, 1), 365, -1],
    [civil(2028, 1, 1), civil(2029, 1, 1), 366, -1],
    [civil(2026, 5, 10), civil(2026, 4, 10), -30, 1],
    [civil(2026, 5, 10), civil(2025, 5, 10), -365, 1],
  ])("from %o to %o is %i days", (a, b, days, sign) => {
    expect(civilDaysBetween(a, b)).toBe(days)
    expect(compareCivil(a, b)).toBe(sign)
    expect(compareCivil(b, a)).toBe(sign === 0 ? 0 : -sign)
    expect(addDays(a, days)).toEqual(b)
  })

  it.each([
    [civil(1970, 1, 1), 0],
    [civil(1969, 12, 31), -1],
    [civil(2000, 3, 1), 11017],
  ])("epochDay(%o) = %i", (date, days) => {
    expect(epochDay(date)).toBe(days)
  })

  it("epochDay and civilFromEpochDay are inverse", () => {
    fc.assert(
      fc.property(arbCivil, (date) => {
        expect(civilFromEpochDay(epochDay(date))).toEqual(date)
      }),
    )
  })

  it("compareCivil agrees with civilDaysBetween", () => {
    fc.assert(
      fc.property(arbCivil, arbCivil, (a, b) => {
        expect(compareCivil(a, b)).toBe(Math.sign(civilDaysBetween(b, a)))
      }),
    )
  })
})

describe("pt-BR labels", () => {
  it.each([
    [civil(2026, 11, 5), "05/11/2026"],
    [civil(2026, 1, 31), "31/01/2026"],
    [civil(2028, 2, 29), "29/02/2028"],
    [civil(999, 12, 1), "01/12/0999"],
  ])("formatDateBR(%o) = %s", (date, text) => {
    expect(formatDateBR(date)).toBe(text)
  })

  it.each([
    [1, "janeiro", "Janeiro de 2026"],
    [2, "fevereiro", "Fevereiro de 2026"],
    [3, "março", "Março de 2026"],
    [6, "junho", "Junho de 2026"],
    [11, "novembro", "Novembro de 2026"],
    [12, "dezembro", "Dezembro de 2026"],
  ])("month %i is %s", (month, name, label) => {
    expect(monthNamePtBR(month)).toBe(name)
    expect(monthYearLabelPtBR({ year: 2026, month })).toBe(label)
  })

  it.each([0, 13, 1.5])("monthNamePtBR(%s) throws", (month) => {
    expect(() => monthNamePtBR(month)).toThrow(RangeError)
  })
})

describe("saoPauloDayRange", () => {
  it("covers whole São Paulo days, both ends inclusive", () => {
    expect(saoPauloDayRange("2026-11-01", "2026-11-30")).toEqual({
      from: Date.parse("2026-11-01T03:00:00Z"),
      to: Date.parse("2026-12-01T03:00:00Z"),
    })
  })

  it("leaves a side open when it is absent or not a real day", () => {
    expect(saoPauloDayRange(undefined, "2026-02-30")).toEqual({})
    expect(saoPauloDayRange("2026-02-28")).toEqual({ from: Date.parse("2026-02-28T03:00:00Z") })
  })
})
