import { describe, expect, it } from "vitest"
import {
  addBusinessDays,
  businessDaysBetween,
  easterSunday,
  isBusinessDay,
  isNationalHoliday,
} from "./businessDays"

describe("business days", () => {
  it("finds Easter (and the holidays that move with it)", () => {
    expect(easterSunday(2026)).toEqual({ year: 2026, month: 4, day: 5 })
    expect(easterSunday(2027)).toEqual({ year: 2027, month: 3, day: 28 })
    expect(isNationalHoliday({ year: 2026, month: 4, day: 3 })).toBe(true) // Sexta-feira Santa
    expect(isNationalHoliday({ year: 2026, month: 2, day: 17 })).toBe(true) // Carnaval
    expect(isNationalHoliday({ year: 2026, month: 6, day: 4 })).toBe(true) // Corpus Christi
    expect(isNationalHoliday({ year: 2026, month: 11, day: 20 })).toBe(true) // Consciência Negra
    expect(isNationalHoliday({ year: 2026, month: 11, day: 19 })).toBe(false)
  })

  it("skips weekends and holidays", () => {
    expect(isBusinessDay({ year: 2026, month: 11, day: 21 })).toBe(false) // Saturday
    expect(isBusinessDay({ year: 2026, month: 11, day: 22 })).toBe(false) // Sunday
    expect(isBusinessDay({ year: 2026, month: 11, day: 23 })).toBe(true)
    // Thursday 19 Nov + 2: Friday 20 is a holiday, then the weekend → Tuesday 24.
    expect(addBusinessDays({ year: 2026, month: 11, day: 19 }, 2)).toEqual({ year: 2026, month: 11, day: 24 })
    expect(addBusinessDays({ year: 2026, month: 11, day: 19 }, 0)).toEqual({ year: 2026, month: 11, day: 19 })
  })

  it("counts business days between two dates, the first not counted", () => {
    expect(businessDaysBetween({ year: 2026, month: 11, day: 19 }, { year: 2026, month: 11, day: 24 })).toBe(
      2,
    )
    expect(businessDaysBetween({ year: 2026, month: 11, day: 24 }, { year: 2026, month: 11, day: 19 })).toBe(
      0,
    )
    const from = { year: 2026, month: 3, day: 2 }
    expect(businessDaysBetween(from, addBusinessDays(from, 15))).toBe(15)
  })
})
