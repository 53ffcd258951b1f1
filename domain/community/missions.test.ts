import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import { BADGES, missingFor, reachedBadges, reachedOverview } from "./achievements"
import { expiryLabel, isoWeekOf, MISSIONS, missionReference, missionState, periodOf } from "./missions"

const sp = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  saoPauloInstant({ year, month, day }, hour, minute)

describe("mission periods", () => {
  it("keys a daily mission by the São Paulo day, not the UTC one", () => {
    // 23:30 in São Paulo is already the next day in UTC.
    const late = sp(2026, 11, 27, 23, 30)
    expect(new Date(late).toISOString().slice(0, 10)).toBe("2026-11-28")
    const period = periodOf("daily", late)
    expect(period.key).toBe("2026-11-27")
    expect(period.start).toBe(sp(2026, 11, 27, 0))
    expect(period.end).toBe(sp(2026, 11, 28, 0))
  })
  it("keys a weekly mission by the ISO week, Monday to Monday", () => {
    const friday = sp(2026, 11, 27)
    const period = periodOf("weekly", friday)
    expect(period.key).toBe("2026-W48")
    expect(period.start).toBe(sp(2026, 11, 23, 0))
    expect(period.end).toBe(sp(2026, 11, 30, 0))
  })
  it("puts the first days of January in the previous year's last ISO week when it holds them", () => {
    expect(isoWeekOf({ year: 2027, month: 1, day: 1 })).toMatchObject({ year: 2026, week: 53 })
    expect(isoWeekOf({ year: 2026, month: 1, day: 1 })).toMatchObject({ year: 2026, week: 1 })
    expect(isoWeekOf({ year: 2024, month: 12, day: 30 })).toMatchObject({ year: 2025, week: 1 })
    expect(periodOf("weekly", sp(2027, 1, 3)).key).toBe("2026-W53")
  })
  it("keys a monthly mission by the month and ends it at the next month's first midnight", () => {
    const period = periodOf("monthly", sp(2026, 12, 31, 23, 59))
    expect(period.key).toBe("2026-12")
    expect(period.start).toBe(sp(2026, 12, 1, 0))
    expect(period.end).toBe(sp(2027, 1, 1, 0))
  })
  it("never expires an achievement mission", () => {
    expect(periodOf("achievement", sp(2026, 11, 27))).toEqual({ key: "always", start: null, end: null })
  })
  it("says how long is left", () => {
    const now = sp(2026, 11, 27, 12)
    expect(expiryLabel(periodOf("daily", now).end, now)).toBe("Expira em 12 horas")
    expect(expiryLabel(periodOf("monthly", now).end, now)).toBe("Expira em 4 dias")
    expect(expiryLabel(sp(2026, 11, 28, 12), now)).toBe("Expira em 1 dia")
    expect(expiryLabel(now + 10 * 60_000, now)).toBe("Expira em menos de 1 hora")
    expect(expiryLabel(null, now)).toBeNull()
  })
})

describe("mission completion", () => {
  it("is complete when current reaches the target, redeemed once stored", () => {
    expect(missionState(0, 1, false)).toBe("in_progress")
    expect(missionState(1, 2, false)).toBe("in_progress")
    expect(missionState(2, 2, false)).toBe("complete")
    expect(missionState(5, 2, false)).toBe("complete")
    expect(missionState(5, 2, true)).toBe("redeemed")
  })
  it("references a redemption by mission and period, so a new period is a new reward", () => {
    const mission = MISSIONS.find((m) => m.code === "monthly_purchase")
    if (!mission) throw new Error("no purchase mission")
    expect(missionReference(mission, "2026-11")).toBe("monthly_purchase:2026-11")
    expect(missionReference(mission, "2026-12")).not.toBe(missionReference(mission, "2026-11"))
  })
  it("runs missions of every type and every category, with unique codes", () => {
    expect(new Set(MISSIONS.map((m) => m.type))).toEqual(
      new Set(["daily", "weekly", "monthly", "achievement"]),
    )
    expect(new Set(MISSIONS.map((m) => m.category))).toEqual(
      new Set(["collection", "engagement", "social", "purchase", "luck"]),
    )
    expect(new Set(MISSIONS.map((m) => m.code)).size).toBe(MISSIONS.length)
    for (const m of MISSIONS) expect(m.target).toBeGreaterThan(0)
  })
})

describe("overview achievements and badges", () => {
  const none = {
    pieces: 0,
    collectionsCompleted: 0,
    legendary: 0,
    purchases: 0,
    planMonths: 0,
    follows: 0,
    trades: 0,
    streak: 0,
  }
  it("unlocks nothing for a new collector", () => {
    expect(reachedOverview(none)).toEqual([])
    expect(reachedBadges(none)).toEqual([])
  })
  it("unlocks the first character, the complete collection and the legendary one", () => {
    expect(reachedOverview({ ...none, pieces: 1 }).map((a) => a.name)).toEqual(["Início da Jornada"])
    expect(reachedOverview({ ...none, pieces: 4, collectionsCompleted: 1, legendary: 1 })).toHaveLength(3)
  })
  it("gives Veterano at a six-month streak and says what is missing before", () => {
    const veteran = BADGES.find((b) => b.code === "veteran")
    if (!veteran) throw new Error("no veteran badge")
    expect(reachedBadges({ ...none, streak: 5 }).map((b) => b.code)).not.toContain("veteran")
    expect(reachedBadges({ ...none, streak: 6 }).map((b) => b.code)).toContain("veteran")
    expect(missingFor(veteran, { ...none, streak: 5 })).toBe("Falta 1 mês seguido")
    expect(missingFor(veteran, { ...none, streak: 2 })).toBe("Faltam 4 meses seguidos")
  })
  it("gives Primeira Compra, Social and Negociante from purchases, follows and trades", () => {
    const codes = reachedBadges({ ...none, purchases: 1, follows: 3, trades: 1 }).map((b) => b.code)
    expect(codes).toEqual(["first_purchase", "social", "trader"])
  })
})
