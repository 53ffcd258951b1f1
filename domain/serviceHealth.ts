/**
 * The support page's "Status do sistema": each service the store depends on is judged from the last minutes
 * of measurements, both the scheduled probes and the real calls the store made. Pure: the caller passes the
 * per-minute buckets and "now".
 */

export type ServiceName = "site" | "payments" | "shipping" | "email"
export const SERVICES: readonly ServiceName[] = ["site", "payments", "shipping", "email"]

export const SERVICE_LABELS: Readonly<Record<ServiceName, string>> = {
  site: "Site",
  payments: "Pagamentos",
  shipping: "Cálculo de frete",
  email: "E-mail",
}

export type ServiceState = "online" | "slow" | "down" | "unknown"

export const STATE_LABELS: Readonly<Record<ServiceState, string>> = {
  online: "Online",
  slow: "Lentidão",
  down: "Fora do ar",
  unknown: "Sem dados recentes",
}

/** Where a measurement came from: the scheduled probe, or a call the store made for a customer. */
export type SampleSource = "probe" | "traffic"

/** One measured call, before aggregation. Never carries who or what the call was about. */
export interface HealthSample {
  readonly service: ServiceName
  readonly source: SampleSource
  readonly ok: boolean
  readonly latencyMs: number
  /**
   * The call answered, but only through a fallback (Melhor Envio failed and the Correios table answered):
   * counted as a slow call, not a failure, since the customer still got an answer.
   */
  readonly degraded?: boolean
  readonly at: number
}

/** The calls of one service and source in one minute, as stored (shared by every server instance). */
export interface HealthBucket {
  readonly service: ServiceName
  readonly source: SampleSource
  /** Start of the minute, epoch ms. */
  readonly minute: number
  readonly calls: number
  readonly failures: number
  /** Calls slower than the service's `SLOW_CALL_MS` (or answered only by a fallback). */
  readonly slowCalls: number
  readonly totalLatencyMs: number
  /** The latest call counted in the bucket, epoch ms. */
  readonly lastAt: number
}

const MINUTE = 60_000

/** The status looks back this far: long enough to hold several probes, short enough to show a recovery soon. */
export const STATUS_WINDOW_MS = 15 * MINUTE

/**
 * A call slower than this counts as slow. Set from what a customer tolerates at each step: the database
 * answers a page's queries in a few milliseconds, so a quarter of a second per query already makes pages
 * sluggish; the payment and shipping providers usually answer in well under a second, and three seconds
 * stalls the checkout visibly; an e-mail is sent in the background, so only a long SMTP exchange matters.
 */
export const SLOW_CALL_MS: Readonly<Record<ServiceName, number>> = {
  site: 250,
  payments: 3_000,
  shipping: 3_000,
  email: 10_000,
}

/** Half the calls failing means most customers cannot use the service: "Fora do ar". */
export const DOWN_ERROR_RATE = 0.5
/** One call in ten failing is felt by customers (retries, error messages), though the service works: "Lentidão". */
export const DEGRADED_ERROR_RATE = 0.1
/**
 * With the slow calls counted per bucket, "p95 above the threshold" is "more than 5 % of calls were slow"
 * (and "median above" is "half of them", which that already covers).
 */
export const SLOW_CALL_SHARE = 0.05
/** Rates from fewer calls than this say little (one failed e-mail of one is not an outage); probes still count. */
export const MIN_CALLS_FOR_RATES = 3
/** A dependency is down when this many of its latest probes failed in a row (one may be a blip). */
export const CONSECUTIVE_PROBE_FAILURES = 2

export const minuteOf = (at: number): number => Math.floor(at / MINUTE) * MINUTE

/** Whether a single call was slow for its service. */
export const isSlowCall = (sample: HealthSample): boolean =>
  sample.degraded === true || (sample.ok && sample.latencyMs > SLOW_CALL_MS[sample.service])

/** Adds one sample to a bucket (or starts one); failed calls count their latency but never as slow. */
export function addSample(bucket: HealthBucket | undefined, sample: HealthSample): HealthBucket {
  const latency = Math.max(0, Math.round(sample.latencyMs))
  return {
    service: sample.service,
    source: sample.source,
    minute: minuteOf(sample.at),
    calls: (bucket?.calls ?? 0) + 1,
    failures: (bucket?.failures ?? 0) + (sample.ok ? 0 : 1),
    slowCalls: (bucket?.slowCalls ?? 0) + (isSlowCall(sample) ? 1 : 0),
    totalLatencyMs: (bucket?.totalLatencyMs ?? 0) + latency,
    lastAt: Math.max(bucket?.lastAt ?? 0, sample.at),
  }
}

export interface ServiceStatus {
  readonly service: ServiceName
  readonly name: string
  readonly state: ServiceState
  readonly label: string
  /** The latest measurement the status rests on; null with no recent data. */
  readonly checkedAt: number | null
}

/** One service's status from the buckets of the window ending at `now` (other services' buckets are ignored). */
export function serviceStatus(
  service: ServiceName,
  buckets: readonly HealthBucket[],
  now: number,
): ServiceStatus {
  const recent = buckets.filter(
    (b) => b.service === service && b.calls > 0 && b.minute >= now - STATUS_WINDOW_MS && b.minute <= now,
  )
  const result = (state: ServiceState): ServiceStatus => ({
    service,
    name: SERVICE_LABELS[service],
    state,
    label: STATE_LABELS[state],
    checkedAt: recent.length ? Math.max(...recent.map((b) => b.lastAt)) : null,
  })
  if (recent.length === 0) return result("unknown")

  const probes = recent.filter((b) => b.source === "probe").sort((a, b) => b.minute - a.minute)
  const probeFailed = (b: HealthBucket) => b.failures >= b.calls
  const latestProbes = probes.slice(0, CONSECUTIVE_PROBE_FAILURES)
  if (latestProbes.length === CONSECUTIVE_PROBE_FAILURES && latestProbes.every(probeFailed))
    return result("down")

  const calls = recent.reduce((n, b) => n + b.calls, 0)
  const failures = recent.reduce((n, b) => n + b.failures, 0)
  const slowCalls = recent.reduce((n, b) => n + b.slowCalls, 0)
  if (calls >= MIN_CALLS_FOR_RATES) {
    const errorRate = failures / calls
    if (errorRate >= DOWN_ERROR_RATE) return result("down")
    if (errorRate >= DEGRADED_ERROR_RATE) return result("slow")
    const answered = calls - failures
    if (answered > 0 && slowCalls / answered > SLOW_CALL_SHARE) return result("slow")
  }
  // The newest probe failing is news even before it repeats.
  if (probes[0] && probeFailed(probes[0])) return result("slow")
  return result("online")
}

export interface SystemStatus {
  readonly services: readonly ServiceStatus[]
  /** When this picture was computed, epoch ms ("Atualizado às HH:mm"). */
  readonly generatedAt: number
}

export const systemStatus = (buckets: readonly HealthBucket[], now: number): SystemStatus => ({
  services: SERVICES.map((service) => serviceStatus(service, buckets, now)),
  generatedAt: now,
})
