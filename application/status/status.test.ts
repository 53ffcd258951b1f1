import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { inMemoryServiceHealth } from "../../tests/fakes/inMemoryServiceHealth"
import { Clock } from "../ports/Clock"
import { type HealthProbe, HealthProbes, ProbeFailed } from "../ports/HealthProbes"
import { getSystemStatus } from "./getSystemStatus"
import { HEALTH_KEPT_MS, PROBE_TIMEOUT_MS, probeServices } from "./probeServices"

const START = Date.UTC(2026, 10, 27, 15, 0, 0)

/** A clock the test moves; a probe can "take" time by moving it. */
function movingClock() {
  let now = START
  return {
    layer: Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => now) })),
    advance: (ms: number) => {
      now += ms
    },
  }
}

const probesLayer = (probes: HealthProbe[]) => Layer.succeed(HealthProbes, HealthProbes.of({ probes }))

describe("probeServices and getSystemStatus", () => {
  it("records each probe's outcome and latency, and two failed rounds make the service Fora do ar", async () => {
    const clock = movingClock()
    const health = inMemoryServiceHealth()
    let mailUp = false
    const probes = probesLayer([
      { service: "site", check: Effect.succeed("ok") },
      { service: "payments", check: Effect.sync(() => clock.advance(40)).pipe(Effect.as("ok" as const)) },
      { service: "shipping", check: Effect.succeed("degraded") },
      {
        service: "email",
        check: Effect.suspend(() =>
          mailUp ? Effect.succeed("ok" as const) : Effect.fail(new ProbeFailed({ reason: "ECONNREFUSED" })),
        ),
      },
    ])
    const layer = Layer.mergeAll(clock.layer, health.layer, probes)
    const round = () => Effect.runPromise(probeServices().pipe(Effect.provide(layer)))

    expect(await round()).toMatchObject({ probed: 4, failed: 1 })
    expect(health.flushes()).toBe(1)
    const payments = health.samples.find((s) => s.service === "payments")
    expect(payments).toMatchObject({ source: "probe", ok: true })
    expect(payments?.latencyMs).toBeGreaterThanOrEqual(40)
    expect(health.samples.find((s) => s.service === "shipping")).toMatchObject({ ok: true, degraded: true })

    clock.advance(60_000)
    await round()
    const status = await Effect.runPromise(getSystemStatus().pipe(Effect.provide(layer)))
    expect(Object.fromEntries(status.services.map((s) => [s.name, s.label]))).toEqual({
      Site: "Online",
      Pagamentos: "Online",
      "Cálculo de frete": "Online",
      "E-mail": "Fora do ar",
    })

    mailUp = true
    clock.advance(60_000)
    await round()
    const after = await Effect.runPromise(getSystemStatus().pipe(Effect.provide(layer)))
    // Two failures of three probes in the window: still felt, but the relay answers again.
    expect(after.services.find((s) => s.service === "email")?.label).toBe("Fora do ar")
    expect(after.generatedAt).toBe(START + 120_000 + 40 * 3)
  })

  it("fails a probe that does not answer in time", async () => {
    const clock = movingClock()
    const health = inMemoryServiceHealth()
    const layer = Layer.mergeAll(
      clock.layer,
      health.layer,
      probesLayer([{ service: "shipping", check: Effect.never }]),
    )
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(probeServices())
        yield* TestClock.adjust(PROBE_TIMEOUT_MS)
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer), Effect.provide(TestClock.layer())),
    )
    expect(outcome).toMatchObject({ probed: 1, failed: 1 })
    expect(health.samples).toMatchObject([{ service: "shipping", source: "probe", ok: false }])
  })

  it("purges buckets older than a day on each round", async () => {
    const clock = movingClock()
    const health = inMemoryServiceHealth()
    const layer = Layer.mergeAll(
      clock.layer,
      health.layer,
      probesLayer([{ service: "site", check: Effect.succeed("ok") }]),
    )
    await Effect.runPromise(probeServices().pipe(Effect.provide(layer)))
    clock.advance(HEALTH_KEPT_MS + 60_000)
    expect(await Effect.runPromise(probeServices().pipe(Effect.provide(layer)))).toMatchObject({ purged: 1 })
  })
})
