import { addSample, type HealthBucket, type HealthSample, minuteOf } from "../../domain/serviceHealth"

/**
 * This instance's counts since the last write, one bucket per service, source and minute. Recording is a map
 * update (it runs on every database query); `drain` hands the buckets to the writer and starts afresh, and
 * `restore` puts them back when the write failed, so counts are delayed, never lost or doubled.
 */
export class HealthRecorder {
  readonly #buckets = new Map<string, HealthBucket>()

  record(sample: HealthSample): void {
    const key = `${sample.service}|${sample.source}|${minuteOf(sample.at)}`
    this.#buckets.set(key, addSample(this.#buckets.get(key), sample))
    // A database that stays unreachable for hours must not grow this without end: keep the newest minutes.
    if (this.#buckets.size > MAX_PENDING_BUCKETS) {
      const oldest = [...this.#buckets.entries()].sort((a, b) => a[1].minute - b[1].minute)[0]
      if (oldest) this.#buckets.delete(oldest[0])
    }
  }

  drain(): HealthBucket[] {
    const buckets = [...this.#buckets.values()]
    this.#buckets.clear()
    return buckets
  }

  restore(buckets: readonly HealthBucket[]): void {
    for (const bucket of buckets) {
      const key = `${bucket.service}|${bucket.source}|${bucket.minute}`
      const newer = this.#buckets.get(key)
      this.#buckets.set(key, newer ? merge(bucket, newer) : bucket)
    }
  }

  /** One database query, as Kysely's log reports it ("Site"); a broken rule is an answer, not an outage. */
  readonly recordQuery = (durationMs: number, error?: unknown): void =>
    this.record({
      service: "site",
      source: "traffic",
      ok: error === undefined || !isDatabaseOutage(error),
      latencyMs: durationMs,
      at: Date.now(),
    })
}

/** Four services × two sources × a day of minutes is far more than a flush interval ever holds. */
const MAX_PENDING_BUCKETS = 4 * 2 * 24 * 60

const merge = (a: HealthBucket, b: HealthBucket): HealthBucket => ({
  ...a,
  calls: a.calls + b.calls,
  failures: a.failures + b.failures,
  slowCalls: a.slowCalls + b.slowCalls,
  totalLatencyMs: a.totalLatencyMs + b.totalLatencyMs,
  lastAt: Math.max(a.lastAt, b.lastAt),
})

/**
 * Whether a database error says the database is unwell (connection lost, out of resources, shutting down,
 * internal error) rather than that the query broke a rule the store relies on (a unique key taken, a check,
 * a serialization retry): only the first kind counts against "Site". SQLSTATE classes 08, 53, 57, 58, XX;
 * an error without a SQLSTATE (a refused socket, a timeout) counts too.
 */
export function isDatabaseOutage(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true
  return ["08", "53", "57", "58", "XX"].includes(code.slice(0, 2))
}
