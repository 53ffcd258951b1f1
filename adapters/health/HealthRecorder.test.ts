import { describe, expect, it } from "vitest"
import { HealthRecorder, isDatabaseOutage } from "./HealthRecorder"

const AT = Date.UTC(2026, 10, 27, 12, 0, 10)

describe("HealthRecorder", () => {
  it("aggregates per service, source and minute; a failed write puts the counts back without doubling", () => {
    const recorder = new HealthRecorder()
    recorder.record({ service: "email", source: "traffic", ok: false, latencyMs: 40, at: AT })
    recorder.record({ service: "email", source: "traffic", ok: true, latencyMs: 60, at: AT + 1000 })
    recorder.record({ service: "email", source: "traffic", ok: true, latencyMs: 10, at: AT + 60_000 })
    const drained = recorder.drain()
    expect(drained).toHaveLength(2)
    expect(drained[0]).toMatchObject({ calls: 2, failures: 1, totalLatencyMs: 100, lastAt: AT + 1000 })
    expect(recorder.drain()).toEqual([])
    recorder.record({ service: "email", source: "traffic", ok: true, latencyMs: 5, at: AT + 2000 })
    recorder.restore(drained)
    const again = recorder.drain()
    expect(again.find((b) => b.minute === AT - 10_000)).toMatchObject({
      calls: 3,
      failures: 1,
      totalLatencyMs: 105,
    })
  })

  it("counts a database error against the site only when the database is unwell, not when a rule was broken", () => {
    const recorder = new HealthRecorder()
    recorder.recordQuery(3)
    recorder.recordQuery(2, Object.assign(new Error("duplicate key"), { code: "23505" }))
    recorder.recordQuery(2, Object.assign(new Error("could not serialize"), { code: "40001" }))
    recorder.recordQuery(5000, Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))
    recorder.recordQuery(1, Object.assign(new Error("terminating connection"), { code: "57P01" }))
    const [site] = recorder.drain()
    expect(site).toMatchObject({ service: "site", source: "traffic", calls: 5, failures: 2 })
    expect(isDatabaseOutage(new Error("timeout"))).toBe(true)
    expect(isDatabaseOutage({ code: "08006" })).toBe(true)
    expect(isDatabaseOutage({ code: "23503" })).toBe(false)
  })
})
