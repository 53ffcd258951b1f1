import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import {
  coverageEndsAt,
  entitledFrom,
  firstCoveredMonth,
  monthOfInstant,
  monthsPaidFor,
  parseMonth,
  shiftMonth,
  shipmentShipsOn,
} from "./coverage"

const at = (year: number, month: number, day: number, hour = 10) =>
  saoPauloInstant({ year, month, day }, hour)

describe("coverage", () => {
  it.each([
    [1, "2026-11"],
    [14, "2026-11"],
    [15, "2026-12"],
    [30, "2026-12"],
  ])("a payment on day %i first covers %s", (day, month) => {
    expect(firstCoveredMonth({ year: 2026, month: 11, day })).toBe(month)
  })

  it("rolls over the year", () => {
    expect(firstCoveredMonth({ year: 2026, month: 12, day: 20 })).toBe("2027-01")
    expect(shiftMonth("2026-12", 2)).toBe("2027-02")
    expect(shiftMonth("2027-01", -1)).toBe("2026-12")
  })

  it("reads the month in São Paulo, not UTC", () => {
    // 23:30 on 30 November in São Paulo is already 1 December in UTC.
    expect(monthOfInstant(at(2026, 11, 30, 23) + 30 * 60_000)).toBe("2026-11")
  })

  it("continues after the months already paid, never before the payment's first month", () => {
    expect(monthsPaidFor(at(2026, 11, 3), 2, null)).toEqual(["2026-11", "2026-12"])
    expect(monthsPaidFor(at(2027, 1, 1), 2, "2026-12")).toEqual(["2027-01", "2027-02"])
    // Paid again after a gap (a pause): the gap is not covered.
    expect(monthsPaidFor(at(2027, 4, 1), 1, "2027-01")).toEqual(["2027-04"])
    // Paid late in the month: the month is lost, the next one covered.
    expect(monthsPaidFor(at(2027, 2, 20), 1, "2027-01")).toEqual(["2027-03"])
  })

  it("leaves out the months whose character the collector already holds, covering the next ones instead", () => {
    // Bought December's piece, then subscribed on 7 December: the charge covers January.
    expect(monthsPaidFor(at(2026, 12, 7), 1, null, new Set(["2026-12"]))).toEqual(["2027-01"])
    // A quarterly plan around two held months still covers three.
    expect(monthsPaidFor(at(2026, 12, 7), 3, null, new Set(["2026-12", "2027-02"]))).toEqual([
      "2027-01",
      "2027-03",
      "2027-04",
    ])
    // A renewal continues after the months covered, skipping a held one.
    expect(monthsPaidFor(at(2027, 1, 1), 1, "2026-12", new Set(["2027-01"]))).toEqual(["2027-02"])
  })

  it("entitles from the payment for the first month of a run, from the month's start after a covered month", () => {
    expect(entitledFrom("2026-11", at(2026, 11, 3), false)).toBe(at(2026, 11, 3))
    expect(entitledFrom("2026-12", at(2026, 11, 20), false)).toBe(at(2026, 11, 20))
    expect(entitledFrom("2026-12", at(2026, 11, 3), true)).toBe(at(2026, 12, 1, 0))
    // Paid long before (a month after a gap): not before the month ahead of it.
    expect(entitledFrom("2027-02", at(2026, 11, 3), false)).toBe(at(2027, 1, 1, 0))
  })

  it("ends at São Paulo midnight on the first of the following month", () => {
    expect(coverageEndsAt("2026-12")).toBe(at(2027, 1, 1, 0))
  })

  it("ships a month paid in it on the schedule's day, a month paid ahead with its own batch", () => {
    expect(shipmentShipsOn("2026-11", { year: 2026, month: 11, day: 3 })).toEqual({
      year: 2026,
      month: 11,
      day: 30,
    })
    expect(shipmentShipsOn("2026-12", { year: 2026, month: 11, day: 20 })).toEqual({
      year: 2026,
      month: 12,
      day: 15,
    })
    expect(shipmentShipsOn("2026-12", { year: 2026, month: 11, day: 3 })).toEqual({
      year: 2026,
      month: 12,
      day: 30,
    })
    expect(shipmentShipsOn("2027-02", { year: 2027, month: 1, day: 1 })).toEqual({
      year: 2027,
      month: 2,
      day: 28,
    })
  })

  it("refuses a malformed month", () => {
    expect(() => parseMonth("2026-13")).toThrow(RangeError)
    expect(() => parseMonth("26-1")).toThrow(RangeError)
  })
})
