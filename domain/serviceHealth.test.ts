import { describe, expect, it } from "vitest"
import {
  addSample,
  type HealthBucket,
  type HealthSample,
  minuteOf,
  SLOW_CALL_MS,
  STATUS_WINDOW_MS,
  serviceStatus,
  systemStatus,
} from "./serviceHealth"

const NOW = Date.UTC(2026, 10, 27, 12, 0, 30)
const MINUTE = 60_000

/** Aggregates samples the way the recorder does: one bucket per service, source and minute. */
function bucketsOf(samples: readonly HealthSample[]): HealthBucket[] {
  const byKey = new Map<string, HealthBucket>()
  for (const s of samples) {
    const key = `${s.service}|${s.source}|${minuteOf(s.at)}`
    byKey.set(key, addSample(byKey.get(key), s))
  }
  return [...byKey.values()]
}

const probe = (minutesAgo: number, ok: boolean, latencyMs = 10): HealthSample => ({
  service: "email",
  source: "probe",
  ok,
  latencyMs,
  at: NOW - minutesAgo * MINUTE,
})
const call = (ok: boolean, latencyMs = 50, extra: Partial<HealthSample> = {}): HealthSample => ({
  service: "email",
  source: "traffic",
  ok,
  latencyMs,
  at: NOW - 2 * MINUTE,
  ...extra,
})

describe("serviceStatus", () => {
  it("has no data without recent samples, and ignores samples older than the window", () => {
    expect(serviceStatus("email", [], NOW)).toMatchObject({ state: "unknown", label: "Sem dados recentes" })
    const old = bucketsOf([{ ...probe(0, false), at: NOW - STATUS_WINDOW_MS - 2 * MINUTE }])
    expect(serviceStatus("email", old, NOW)).toMatchObject({ state: "unknown", checkedAt: null })
  })

  it("is online when probes and calls succeed fast, with checkedAt the latest measurement", () => {
    const status = serviceStatus("email", bucketsOf([probe(3, true), probe(2, true), probe(1, true)]), NOW)
    expect(status).toEqual({
      service: "email",
      name: "E-mail",
      state: "online",
      label: "Online",
      checkedAt: NOW - MINUTE,
    })
  })

  it("is down after two consecutive failed probes, even when older calls went well", () => {
    const samples = [probe(5, true), probe(2, false), probe(1, false), ...Array(20).fill(call(true))]
    expect(serviceStatus("email", bucketsOf(samples), NOW)).toMatchObject({
      state: "down",
      label: "Fora do ar",
    })
  })

  it("recovers once the latest probes succeed again, shown as Lentidão while the failures are recent", () => {
    const recovered = [
      probe(12, false),
      probe(11, false),
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((m) => probe(m, true)),
    ]
    expect(serviceStatus("email", bucketsOf(recovered), NOW).state).toBe("slow")
    const blip = [probe(12, false), ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((m) => probe(m, true))]
    expect(serviceStatus("email", bucketsOf(blip), NOW).state).toBe("online")
  })

  it("shows a single failed latest probe as Lentidão", () => {
    expect(
      serviceStatus("email", bucketsOf([probe(3, true), probe(2, true), probe(1, false)]), NOW).state,
    ).toBe("slow")
  })

  it("is down at an error rate of 50 % and slow at 10 %", () => {
    const calls = (failed: number, ok: number) => [
      ...Array(failed).fill(call(false)),
      ...Array(ok).fill(call(true)),
    ]
    expect(serviceStatus("email", bucketsOf(calls(5, 5)), NOW).state).toBe("down")
    expect(serviceStatus("email", bucketsOf(calls(4, 6)), NOW).state).toBe("slow")
    expect(serviceStatus("email", bucketsOf(calls(1, 9)), NOW).state).toBe("slow")
    expect(serviceStatus("email", bucketsOf(calls(1, 19)), NOW).state).toBe("online")
  })

  it("does not judge rates on fewer than three calls", () => {
    expect(serviceStatus("email", bucketsOf([call(false)]), NOW).state).toBe("online")
  })

  it("is slow when more than 5 % of the answered calls were slower than the service's threshold (p95)", () => {
    const slow = SLOW_CALL_MS.shipping + 1
    const shipping = (latencyMs: number) => call(true, latencyMs, { service: "shipping" })
    const fast = Array(18).fill(shipping(200))
    expect(serviceStatus("shipping", bucketsOf([...fast, shipping(slow), shipping(slow)]), NOW).state).toBe(
      "slow",
    )
    expect(serviceStatus("shipping", bucketsOf([...fast, shipping(slow), shipping(200)]), NOW).state).toBe(
      "online",
    )
    // The same latency is fast for a service with a higher threshold.
    expect(SLOW_CALL_MS.email).toBeGreaterThan(slow)
    expect(serviceStatus("email", bucketsOf(Array(10).fill(call(true, slow))), NOW).state).toBe("online")
  })

  it("counts an answer that only came from a fallback as slow, not failed", () => {
    const degraded = Array(10).fill(call(true, 100, { service: "shipping", degraded: true }))
    expect(serviceStatus("shipping", bucketsOf(degraded), NOW).state).toBe("slow")
  })
})

describe("systemStatus", () => {
  it("lists the four services in order with their pt-BR names", () => {
    const status = systemStatus(bucketsOf([probe(1, true)]), NOW)
    expect(status.generatedAt).toBe(NOW)
    expect(status.services.map((s) => [s.name, s.label])).toEqual([
      ["Site", "Sem dados recentes"],
      ["Pagamentos", "Sem dados recentes"],
      ["Cálculo de frete", "Sem dados recentes"],
      ["E-mail", "Online"],
    ])
  })
})
