import { Effect, Exit } from "effect"
import { describeFailure } from "../events"
import { Clock } from "../ports/Clock"
import { HealthProbes, ProbeFailed } from "../ports/HealthProbes"
import { ServiceHealthLog } from "../ports/ServiceHealthLog"

/** A probe that has not answered by then has failed: a hung dependency is as bad as a refusing one. */
export const PROBE_TIMEOUT_MS = 10_000
/** The stored buckets are kept this long (the status reads 15 minutes; the rest helps an investigation). */
export const HEALTH_KEPT_MS = 24 * 60 * 60_000

/**
 * The scheduled check of every dependency: runs each probe once (all at once, each with a time limit),
 * records the outcome and latency as probe samples, writes this instance's counts, and purges old buckets.
 */
export const probeServices = Effect.fn("Status.probeServices")(function* () {
  const { probes } = yield* HealthProbes
  const log = yield* ServiceHealthLog
  const clock = yield* Clock
  const outcomes = yield* Effect.forEach(
    probes,
    (probe) =>
      Effect.gen(function* () {
        const startedAt = yield* clock.now()
        const exit = yield* Effect.exit(
          probe.check.pipe(
            Effect.timeoutOrElse({
              duration: PROBE_TIMEOUT_MS,
              orElse: () => Effect.fail(new ProbeFailed({ reason: "sem resposta no tempo limite" })),
            }),
          ),
        )
        const at = yield* clock.now()
        const ok = Exit.isSuccess(exit)
        const degraded = Exit.isSuccess(exit) && exit.value === "degraded"
        yield* log.record({
          service: probe.service,
          source: "probe",
          ok,
          degraded,
          latencyMs: at - startedAt,
          at,
        })
        if (!ok)
          yield* Effect.logWarning("health probe failed").pipe(
            Effect.annotateLogs({
              service: probe.service,
              reason: Exit.isFailure(exit) ? describeFailure(exit.cause) : "",
            }),
          )
        return { service: probe.service, ok }
      }),
    { concurrency: "unbounded" },
  )
  yield* log.flush()
  const purged = yield* log.purge((yield* clock.now()) - HEALTH_KEPT_MS)
  return { probed: outcomes.length, failed: outcomes.filter((o) => !o.ok).length, purged }
})
