import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type CivilDate, compareCivil, daysInMonth, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import { revealPhase } from "../catalog/reveal"
import {
  editionDates,
  LEAD_TIME_TEXT,
  leadTimeFor,
  monthlyRevealDate,
  nextShowcaseChange,
  PRODUCTION_DAYS,
  REVEAL_DAY,
  SHIPPING_BUSINESS_DAYS,
  shipDate,
  TOTAL_DAYS,
} from "./schedule"

const day = (year: number, month: number, d: number): CivilDate => ({ year, month, day: d })

describe("shipDate", () => {
  it.each([
    [day(2026, 11, 1), day(2026, 11, 30)],
    [day(2026, 11, 14), day(2026, 11, 30)],
    [day(2026, 11, 15), day(2026, 12, 15)],
    [day(2026, 11, 30), day(2026, 12, 15)],
    [day(2026, 1, 14), day(2026, 1, 30)],
    [day(2026, 1, 31), day(2026, 2, 15)],
    [day(2026, 2, 14), day(2026, 2, 28)],
    [day(2028, 2, 1), day(2028, 2, 29)],
    [day(2028, 2, 14), day(2028, 2, 29)],
    [day(2028, 2, 15), day(2028, 3, 15)],
    [day(2028, 2, 29), day(2028, 3, 15)],
    [day(2100, 2, 10), day(2100, 2, 28)],
    [day(2026, 12, 14), day(2026, 12, 30)],
    [day(2026, 12, 15), day(2027, 1, 15)],
    [day(2026, 12, 31), day(2027, 1, 15)],
  ])("paid on %o ships on %o", (paid, ships) => {
    expect(shipDate(paid)).toEqual(ships)
  })

  it("ships on or after payment, at most a month and a half later", () => {
    const paid = fc
      .record({
        year: fc.integer({ min: 2000, max: 2100 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 31 }),
      })
      .filter((d) => d.day <= daysInMonth(d.year, d.month))
    fc.assert(
      fc.property(paid, (p) => {
        const s = shipDate(p)
        expect(compareCivil(s, p)).toBeGreaterThanOrEqual(0)
        expect(s.day === 15 || s.day === Math.min(30, daysInMonth(s.year, s.month))).toBe(true)
      }),
    )
  })
})

describe("reveal calendar", () => {
  it.each([
    [{ year: 2026, month: 11 }, day(2026, 11, 15)],
    [{ year: 2028, month: 2 }, day(2028, 2, 15)],
  ])("monthlyRevealDate(%o) = %o", (ym, expected) => {
    expect(monthlyRevealDate(ym)).toEqual(expected)
    expect(REVEAL_DAY).toBe(15)
  })

  it.each([
    [
      { year: 2026, month: 11 },
      "2026-11-01T03:00:00.000Z",
      "2026-11-08T03:00:00.000Z",
      "2026-11-15T15:00:00.000Z",
    ],
    [
      { year: 2026, month: 12 },
      "2026-12-01T03:00:00.000Z",
      "2026-12-08T03:00:00.000Z",
      "2026-12-15T15:00:00.000Z",
    ],
    [
      { year: 2028, month: 2 },
      "2028-02-01T03:00:00.000Z",
      "2028-02-08T03:00:00.000Z",
      "2028-02-15T15:00:00.000Z",
    ],
    // Summer time (UTC−2) under the pre-2019 rules.
    [
      { year: 2018, month: 1 },
      "2018-01-01T02:00:00.000Z",
      "2018-01-08T02:00:00.000Z",
      "2018-01-15T14:00:00.000Z",
    ],
  ])("editionDates(%o)", (ym, teaser, preview, reveal) => {
    expect(editionDates(ym)).toEqual({
      teaserAt: Date.parse(teaser),
      previewAt: Date.parse(preview),
      revealAt: Date.parse(reveal),
    })
  })

  it("walks an edition through its phases on the expected São Paulo days", () => {
    const dates = editionDates({ year: 2026, month: 11 })
    expect(revealPhase(dates, dates.teaserAt - 1)).toBeNull()
    expect(toSaoPauloCivil(dates.teaserAt - 1)).toEqual(day(2026, 10, 31))
    expect(revealPhase(dates, dates.previewAt - 1)).toBe("early_preview")
    expect(revealPhase(dates, dates.revealAt - 1)).toBe("preview")
    expect(revealPhase(dates, dates.revealAt)).toBe("final")
  })
})

describe("lead time copy", () => {
  it("matches the stated numbers", () => {
    expect(LEAD_TIME_TEXT).toBe(
      "produção de 20 a 30 dias + envio de 5 a 10 dias úteis (30 a 45 dias no total)",
    )
    expect([PRODUCTION_DAYS, SHIPPING_BUSINESS_DAYS, TOTAL_DAYS]).toEqual([
      { min: 20, max: 30 },
      { min: 5, max: 10 },
      { min: 30, max: 45 },
    ])
  })

  it("follows the chosen shipping option's transit time, not the general 5 to 10 days", () => {
    expect(leadTimeFor(null)).toBe(LEAD_TIME_TEXT)
    expect(leadTimeFor({ name: "PAC", days: 15 })).toBe(
      "produção de 20 a 30 dias + envio em até 15 dias úteis (PAC)",
    )
    expect(leadTimeFor({ name: "SEDEX", days: 1 })).toBe(
      "produção de 20 a 30 dias + envio em até 1 dia útil (SEDEX)",
    )
  })
})

describe("nextShowcaseChange", () => {
  const sp = (y: number, m: number, d: number, h: number, min = 0) => saoPauloInstant(day(y, m, d), h, min)

  it.each([
    ["an ordinary afternoon: next midnight", sp(2026, 11, 23, 15, 30), sp(2026, 11, 24, 0)],
    ["reveal day morning: the reveal at noon", sp(2026, 12, 15, 9), sp(2026, 12, 15, 12)],
    ["one minute before the reveal", sp(2026, 12, 15, 11, 59), sp(2026, 12, 15, 12)],
    ["reveal day after noon: next midnight", sp(2026, 12, 15, 12), sp(2026, 12, 16, 0)],
    ["the month's last evening: the new edition at midnight", sp(2026, 12, 31, 23, 59), sp(2027, 1, 1, 0)],
    ["the day before the preview", sp(2026, 12, 7, 10), sp(2026, 12, 8, 0)],
  ])("%s", (_, now, expected) => expect(nextShowcaseChange(now)).toBe(expected))

  it("is always after now and at most a day away, and no phase changes before it", () => {
    fc.assert(
      fc.property(fc.integer({ min: sp(2026, 1, 1, 0), max: sp(2030, 12, 31, 23) }), (now) => {
        const next = nextShowcaseChange(now)
        expect(next).toBeGreaterThan(now)
        expect(next - now).toBeLessThanOrEqual(25 * 3_600_000)
        const dates = editionDates(toSaoPauloCivil(now))
        expect(revealPhase(dates, next - 1)).toBe(revealPhase(dates, now))
        expect(toSaoPauloCivil(next - 1)).toEqual(toSaoPauloCivil(now))
      }),
    )
  })
})
