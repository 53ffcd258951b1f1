import { Effect, Layer } from "effect"
import { ServiceHealthLog } from "../../application/ports/ServiceHealthLog"
import { addSample, type HealthBucket, type HealthSample, minuteOf } from "../../domain/serviceHealth"

/**
 * A ServiceHealthLog in memory: samples are counted at once into buckets (as if flushed on every call) and
 * kept in `samples` for a test to inspect.
 */
export function inMemoryServiceHealth() {
  const samples: HealthSample[] = []
  const buckets = new Map<string, HealthBucket>()
  let flushes = 0
  const layer = Layer.succeed(
    ServiceHealthLog,
    ServiceHealthLog.of({
      record: (sample) =>
        Effect.sync(() => {
          samples.push(sample)
          const key = `${sample.service}|${sample.source}|${minuteOf(sample.at)}`
          buckets.set(key, addSample(buckets.get(key), sample))
        }),
      flush: () =>
        Effect.sync(() => {
          flushes++
        }),
      bucketsSince: (since) =>
        Effect.sync(() => [...buckets.values()].filter((b) => b.minute >= minuteOf(since))),
      purge: (before) =>
        Effect.sync(() => {
          let n = 0
          for (const [key, b] of buckets)
            if (b.minute < before) {
              buckets.delete(key)
              n++
            }
          return n
        }),
    }),
  )
  return { layer, samples, flushes: () => flushes }
}
