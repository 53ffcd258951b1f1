import { describe, expect, it } from "vitest"
import {
  bucketLabel,
  bucketOfInstant,
  bucketStart,
  fillGaps,
  periodBuckets,
  periodInstants,
  resolvePeriod,
} from "./period"

const today = { year: 2026, month: 11, day: 27 }
const period = (preset: Parameters<typeof resolvePeriod>[0]["preset"], from?: string, to?: string) => {
  const result = resolvePeriod({ preset, from, to }, today)
  if (!result.ok) throw new Error(result.message)
  return result.period
}

describe("report period presets (São Paulo days)", () => {
  it("counts today among the last N days", () => {
    expect(period("7d")).toEqual({ first: { year: 2026, month: 11, day: 21 }, last: today })
    expect(period("30d").first).toEqual({ year: 2026, month: 10, day: 29 })
    expect(period("90d").first).toEqual({ year: 2026, month: 8, day: 30 })
  })
  it("starts this month on the 1st and this year on 1 January", () => {
    expect(period("month")).toEqual({ first: { year: 2026, month: 11, day: 1 }, last: today })
    expect(period("year")).toEqual({ first: { year: 2026, month: 1, day: 1 }, last: today })
  })
  it("takes a custom period as given, and refuses a reversed, broken or too long one", () => {
    expect(period("custom", "2026-01-31", "2026-02-02")).toEqual({
      first: { year: 2026, month: 1, day: 31 },
      last: { year: 2026, month: 2, day: 2 },
    })
    expect(resolvePeriod({ preset: "custom", from: "2026-02-02", to: "2026-01-31" }, today)).toEqual({
      ok: false,
      message: "A data final deve ser igual ou posterior à data inicial.",
    })
    expect(resolvePeriod({ preset: "custom", from: "2026-02-30", to: "2026-03-01" }, today)).toMatchObject({
      ok: false,
      message: "Data inicial inválida.",
    })
    expect(resolvePeriod({ preset: "custom", from: "2024-01-01", to: "2026-01-01" }, today)).toMatchObject({
      ok: false,
    })
    expect(resolvePeriod({ preset: "custom", from: "2024-01-02", to: "2026-01-01" }, today)).toMatchObject({
      ok: true,
    })
  })
  it("covers São Paulo midnights (UTC-3), the last day included", () => {
    expect(periodInstants(period("custom", "2026-10-01", "2026-10-31"))).toEqual({
      from: Date.parse("2026-10-01T03:00:00Z"),
      to: Date.parse("2026-11-01T03:00:00Z"),
    })
  })
})

describe("report grouping", () => {
  // 23:30 in São Paulo on 31 October is already 1 November in UTC.
  const lateOn31st = Date.parse("2026-11-01T02:30:00Z")
  it("puts a sale at 23:30 São Paulo on the 31st in that day and that month", () => {
    expect(bucketOfInstant(lateOn31st, "day")).toBe("2026-10-31")
    expect(bucketOfInstant(lateOn31st, "month")).toBe("2026-10-01")
    expect(bucketOfInstant(Date.parse("2026-11-01T03:00:00Z"), "month")).toBe("2026-11-01")
  })
  it("starts weeks on Monday, as Postgres' date_trunc('week')", () => {
    // Saturday 31 October 2026 → Monday 26 October; a Monday is its own week.
    expect(bucketOfInstant(lateOn31st, "week")).toBe("2026-10-26")
    expect(bucketStart({ year: 2026, month: 10, day: 26 }, "week")).toEqual({
      year: 2026,
      month: 10,
      day: 26,
    })
    expect(bucketStart({ year: 2027, month: 1, day: 3 }, "week")).toEqual({ year: 2026, month: 12, day: 28 })
  })
  it("lists every bucket the period touches", () => {
    const p = period("custom", "2026-10-30", "2026-11-02")
    expect(periodBuckets(p, "day")).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
    expect(periodBuckets(p, "week")).toEqual(["2026-10-26", "2026-11-02"])
    expect(periodBuckets(p, "month")).toEqual(["2026-10-01", "2026-11-01"])
    expect(periodBuckets(period("custom", "2026-11-15", "2027-01-02"), "month")).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
    ])
  })
  it("names buckets in pt-BR", () => {
    expect(bucketLabel("2026-10-31", "day")).toBe("31/10/2026")
    expect(bucketLabel("2026-10-26", "week")).toBe("Semana de 26/10/2026")
    expect(bucketLabel("2026-10-01", "month")).toBe("10/2026")
  })
})

describe("gap filling", () => {
  it("gives a day without sales its zero row, in order", () => {
    const rows = [
      { bucket: "2026-11-03", revenue: 500 },
      { bucket: "2026-11-01", revenue: 100 },
    ]
    expect(
      fillGaps(["2026-11-01", "2026-11-02", "2026-11-03"], rows, (bucket) => ({ bucket, revenue: 0 })),
    ).toEqual([
      { bucket: "2026-11-01", revenue: 100 },
      { bucket: "2026-11-02", revenue: 0 },
      { bucket: "2026-11-03", revenue: 500 },
    ])
  })
})
