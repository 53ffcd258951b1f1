import { describe, expect, it } from "vitest"
import { nextRunAfter } from "./recurrence"

const at = (iso: string) => Date.parse(iso)

describe("recurrence", () => {
  it("a fixed interval runs that long after", () => {
    expect(nextRunAfter({ every: 60_000 }, 1_000)).toBe(61_000)
    expect(() => nextRunAfter({ every: 0 }, 0)).toThrow()
  })

  it("a daily run is at the São Paulo wall-clock time, today if still ahead, else tomorrow", () => {
    const daily = { dailyAt: { hour: 3, minute: 30 } }
    // 02:00 in São Paulo (UTC-3) is 05:00 UTC: today's 03:30 is still ahead.
    expect(nextRunAfter(daily, at("2026-11-24T05:00:00Z"))).toBe(at("2026-11-24T06:30:00Z"))
    // Exactly at the run: the next one is tomorrow.
    expect(nextRunAfter(daily, at("2026-11-24T06:30:00Z"))).toBe(at("2026-11-25T06:30:00Z"))
    // 23:00 on the 31st in São Paulo is already the 1st in UTC; the run is the 1st at 03:30 local.
    expect(nextRunAfter(daily, at("2026-12-31T02:00:00Z"))).toBe(at("2026-12-31T06:30:00Z"))
    expect(nextRunAfter(daily, at("2027-01-01T02:00:00Z"))).toBe(at("2027-01-01T06:30:00Z"))
  })
})
