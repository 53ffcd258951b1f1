import { Pool } from "undici"

export interface LoadResult {
  readonly requests: number
  readonly errors: number
  readonly rps: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** Keeps `connections` requests in flight for `seconds`, then reports throughput and latency percentiles (ms). */
export async function load(
  origin: string,
  path: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 })
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + options.seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      try {
        const res = await pool.request({
          path,
          method: "GET",
          headers: { "accept-encoding": "br, gzip", ...options.headers },
        })
        await res.body.dump({ limit: Number.POSITIVE_INFINITY })
        if (res.statusCode !== 200) errors++
        latencies.push(performance.now() - started)
      } catch {
        errors++
      }
    }
  }
  const began = performance.now()
  await Promise.all(Array.from({ length: options.connections }, worker))
  const elapsed = (performance.now() - began) / 1000
  await pool.close()
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  }
}
