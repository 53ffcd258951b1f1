import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "./calendar"
import { dateTimePtBR, relativeTimePtBR } from "./relativeTime"

// 27/11/2026 at 14:05 in São Paulo (UTC−3, no daylight saving since 2019).
const now = saoPauloInstant({ year: 2026, month: 11, day: 27 }, 14, 5)
const min = 60_000

describe("relativeTimePtBR", () => {
  it("says 'agora' under a minute, and for a clock slightly ahead", () => {
    expect(relativeTimePtBR(now, now)).toBe("agora")
    expect(relativeTimePtBR(now - 59_000, now)).toBe("agora")
    expect(relativeTimePtBR(now + 5_000, now)).toBe("agora")
  })

  it("counts minutes under an hour", () => {
    expect(relativeTimePtBR(now - min, now)).toBe("há 1 min")
    expect(relativeTimePtBR(now - 5 * min, now)).toBe("há 5 min")
    expect(relativeTimePtBR(now - 59 * min, now)).toBe("há 59 min")
  })

  it("counts hours within the same São Paulo day", () => {
    expect(relativeTimePtBR(now - 60 * min, now)).toBe("há 1 h")
    // 00:30 of the same day in São Paulo (03:30 UTC): still today.
    expect(relativeTimePtBR(saoPauloInstant({ year: 2026, month: 11, day: 27 }, 0, 30), now)).toBe("há 13 h")
  })

  it("says 'ontem' for the São Paulo day before, even a few hours ago", () => {
    const earlyMorning = saoPauloInstant({ year: 2026, month: 11, day: 28 }, 1, 0)
    // 22:00 of the 27th in São Paulo is already the 28th in UTC: the day is São Paulo's.
    expect(relativeTimePtBR(saoPauloInstant({ year: 2026, month: 11, day: 27 }, 22, 0), earlyMorning)).toBe(
      "ontem",
    )
    expect(relativeTimePtBR(saoPauloInstant({ year: 2026, month: 11, day: 26 }, 0, 1), now)).toBe("ontem")
  })

  it("counts days within a week, then gives the date", () => {
    expect(relativeTimePtBR(saoPauloInstant({ year: 2026, month: 11, day: 25 }, 23, 59), now)).toBe(
      "há 2 dias",
    )
    expect(relativeTimePtBR(saoPauloInstant({ year: 2026, month: 11, day: 21 }, 9, 0), now)).toBe("há 6 dias")
    expect(relativeTimePtBR(saoPauloInstant({ year: 2026, month: 11, day: 20 }, 9, 0), now)).toBe(
      "20/11/2026",
    )
    expect(relativeTimePtBR(saoPauloInstant({ year: 2025, month: 12, day: 31 }, 23, 0), now)).toBe(
      "31/12/2025",
    )
  })
})

describe("dateTimePtBR", () => {
  it("writes the São Paulo date and time", () => {
    expect(dateTimePtBR(now)).toBe("27/11/2026 às 14:05")
    expect(dateTimePtBR(Date.UTC(2026, 0, 1, 2, 30))).toBe("31/12/2025 às 23:30")
  })
})
