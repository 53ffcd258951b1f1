import { type Context, Hono } from "hono"
import { z } from "zod"
import { recordWebVitals } from "../../application/vitals"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

const ms = z.number().finite().min(0).max(600_000)
const report = z.object({
  metrics: z
    .object({
      FCP: ms.optional(),
      LCP: ms.optional(),
      FID: ms.optional(),
      INP: ms.optional(),
      CLS: z.number().finite().min(0).max(100).optional(),
      TTFB: ms.optional(),
      load: ms.optional(),
    })
    .strict(),
  performanceScore: z.number().int().min(0).max(100),
  timestamp: z.number().int().positive(),
  url: z.url().max(2048),
  userAgent: z.string().max(512),
})

export const VITALS_MAX_BODY = 4096
export const VITALS_PER_MINUTE = 30

/**
 * POST /api/vitals: a browser's web vitals for one page view (spec 002 §9; web/lib/vitals.ts sends them with
 * sendBeacon, as text). Validated, limited per client address, scored again by the server, and kept for the
 * admin reports. Answers 204; bad input 400; too many 429.
 */
export function vitalsRoutes(deps: {
  runtime: AppRuntime
  logger: Logger
  /** Counts a hit on `key`; false once more than `max` fell in the window. */
  rateLimit: (key: string, max: number, windowMs: number) => Promise<boolean>
  clientAddress: (c: Context) => string
}) {
  const app = new Hono()
  app.post("/", async (c) => {
    if (Number(c.req.header("content-length") ?? 0) > VITALS_MAX_BODY)
      return c.json({ error: "Relatório grande demais" }, 413)
    if (!(await deps.rateLimit(`vitals:${deps.clientAddress(c)}`, VITALS_PER_MINUTE, 60_000)))
      return c.json({ error: "Muitos relatórios. Tente novamente em instantes." }, 429)
    const text = await c.req.text()
    if (text.length > VITALS_MAX_BODY) return c.json({ error: "Relatório grande demais" }, 413)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return c.json({ error: "Relatório inválido" }, 400)
    }
    const parsed = report.safeParse(body)
    if (!parsed.success) return c.json({ error: "Relatório inválido" }, 400)
    const { metrics, url, userAgent } = parsed.data
    await deps.runtime.runPromise(
      recordWebVitals({
        metrics,
        path: new URL(url).pathname.slice(0, 300),
        userAgent: userAgent.trim() || null,
      }),
    )
    return c.body(null, 204)
  })
  return app
}
