import { createHash, timingSafeEqual } from "node:crypto"
import type { Handler, MiddlewareHandler } from "hono"
import { routePath } from "hono/route"
import type { StoreMetrics } from "../../adapters/prometheus/storeMetrics"

export const METRICS_PATH = "/metrics"

/**
 * Counts every answer under the route pattern that gave it (`/media/:file`, `*` for the pages), never the
 * address asked: ids in addresses would make a series each. Time is to the response's headers (a streamed page
 * goes on after). The page cache marks its answers, so its hits and misses are counted here too.
 */
export const httpMetrics =
  (metrics: StoreMetrics): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now()
    await next()
    metrics.httpRequest(c.req.method, routePath(c), c.res.status, (performance.now() - started) / 1000)
    const cache = c.res.headers.get("x-page-cache")
    if (cache === "hit" || cache === "miss") metrics.pageCache(cache)
  }

const digest = (text: string) => createHash("sha256").update(text).digest()

/** Whether the Authorization header carries the token; in constant time (both sides hashed to one length). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? ""
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0
}

/**
 * GET /metrics for the operator's Prometheus: only with `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * token configured it does not exist (the same 404 as any unknown address).
 */
export function metricsRoute(metrics: StoreMetrics, token: string | undefined): Handler {
  if (!token) return (c) => c.text("Página não encontrada", 404)
  metrics.withProcessMetrics()
  return async (c) => {
    if (!bearerMatches(c.req.header("authorization"), token))
      return c.text("Não autorizado", 401, { "www-authenticate": 'Bearer realm="metrics"' })
    return c.body(await metrics.scrape(), 200, {
      "content-type": metrics.contentType,
      "cache-control": "no-store",
    })
  }
}
