import { Cause, Effect, Layer } from "effect"
import { sql } from "kysely"
import { ServiceHealthLog } from "../../application/ports/ServiceHealthLog"
import { type HealthBucket, minuteOf, type ServiceName } from "../../domain/serviceHealth"
import { Db } from "../db/DatabaseService"
import type { HealthRecorder } from "./HealthRecorder"

export interface ServiceHealthOptions {
  /** How often this instance writes its counts. */
  readonly flushEveryMs: number
  /** How long a read of the buckets is reused: page loads never wait on the database for the status. */
  readonly readCacheMs: number
  readonly now: () => number
}

const DEFAULTS: ServiceHealthOptions = { flushEveryMs: 15_000, readCacheMs: 30_000, now: Date.now }

/**
 * The ServiceHealthLog on the `service_health` table: counts gathered in memory by the recorder (shared with
 * the database's own query log) and added to the per-minute rows by one upsert every `flushEveryMs`, and
 * once more when the server stops.
 */
export const PostgresServiceHealthLayer = (
  recorder: HealthRecorder,
  options: Partial<ServiceHealthOptions> = {},
) =>
  Layer.effect(
    ServiceHealthLog,
    Effect.gen(function* () {
      const { flushEveryMs, readCacheMs, now } = { ...DEFAULTS, ...options }
      const { db } = yield* Db
      let cached: { readAt: number; since: number; buckets: readonly HealthBucket[] } | null = null

      const flush = Effect.suspend(() => {
        const buckets = recorder.drain()
        if (buckets.length === 0) return Effect.void
        cached = null
        return Effect.tryPromise(() =>
          db
            .insertInto("service_health")
            .values(
              buckets.map((b) => ({
                service: b.service,
                source: b.source,
                minute: new Date(b.minute),
                calls: b.calls,
                failures: b.failures,
                slow_calls: b.slowCalls,
                total_latency_ms: b.totalLatencyMs,
                last_at: new Date(b.lastAt),
              })),
            )
            .onConflict((oc) =>
              oc.columns(["service", "source", "minute"]).doUpdateSet({
                calls: sql`service_health.calls + excluded.calls`,
                failures: sql`service_health.failures + excluded.failures`,
                slow_calls: sql`service_health.slow_calls + excluded.slow_calls`,
                total_latency_ms: sql`service_health.total_latency_ms + excluded.total_latency_ms`,
                last_at: sql`greatest(service_health.last_at, excluded.last_at)`,
              }),
            )
            .execute(),
        ).pipe(
          Effect.asVoid,
          // The database being down is exactly what the counts will show: keep them for the next try.
          Effect.catch((error) =>
            Effect.sync(() => recorder.restore(buckets)).pipe(
              Effect.andThen(
                Effect.logWarning("service health counts not written").pipe(
                  Effect.annotateLogs({ error: String(error.cause ?? error).slice(0, 300) }),
                ),
              ),
            ),
          ),
        )
      })

      yield* Effect.addFinalizer(() => flush)
      yield* Effect.forkScoped(
        Effect.forever(
          Effect.sleep(flushEveryMs).pipe(
            Effect.andThen(flush),
            Effect.catchCause((cause) =>
              Cause.hasInterruptsOnly(cause)
                ? Effect.failCause(cause)
                : Effect.logError("health flush failed"),
            ),
          ),
        ),
      )

      const read = (since: number) =>
        Effect.promise(() =>
          db
            .selectFrom("service_health")
            .select([
              "service",
              "source",
              "minute",
              "calls",
              "failures",
              "slow_calls",
              "total_latency_ms",
              "last_at",
            ])
            .where("minute", ">=", new Date(minuteOf(since)))
            .execute(),
        ).pipe(
          Effect.map((rows) =>
            rows.map(
              (r): HealthBucket => ({
                service: r.service as ServiceName,
                source: r.source,
                minute: new Date(r.minute).getTime(),
                calls: r.calls,
                failures: r.failures,
                slowCalls: r.slow_calls,
                totalLatencyMs: Number(r.total_latency_ms),
                lastAt: new Date(r.last_at).getTime(),
              }),
            ),
          ),
        )

      return ServiceHealthLog.of({
        record: (sample) => Effect.sync(() => recorder.record(sample)),
        flush: () => flush,
        bucketsSince: (since) =>
          Effect.suspend(() => {
            const hit = cached
            if (hit && now() - hit.readAt < readCacheMs && hit.since <= since)
              return Effect.succeed(hit.buckets.filter((b) => b.minute >= minuteOf(since)))
            return read(since).pipe(
              Effect.tap((buckets) =>
                Effect.sync(() => {
                  cached = { readAt: now(), since, buckets }
                }),
              ),
            )
          }),
        purge: (before) =>
          Effect.promise(() =>
            db.deleteFrom("service_health").where("minute", "<", new Date(before)).executeTakeFirst(),
          ).pipe(Effect.map((r) => Number(r.numDeletedRows))),
      })
    }),
  )
