import { Cause, Exit } from "effect"
import { Hono } from "hono"
import { getSystemStatus } from "../../application/status"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

export const SYSTEM_STATUS_PATH = "/api/status"

/**
 * GET /api/status: the same picture as the `status.system` query, as plain JSON for monitors and scripts.
 * Read from the recorded measurements (the read is reused for 30 seconds); never runs a probe.
 */
export function systemStatusRoutes(deps: { runtime: AppRuntime; logger: Logger }) {
  return new Hono().get(SYSTEM_STATUS_PATH, async (c) => {
    const exit = await deps.runtime.runPromiseExit(getSystemStatus())
    if (Exit.isFailure(exit)) {
      deps.logger.error({ cause: Cause.pretty(exit.cause) }, "system status failed")
      return c.json({ error: "Status indisponível" }, 500)
    }
    const { services, generatedAt } = exit.value
    return c.json(
      {
        generatedAt: new Date(generatedAt).toISOString(),
        services: services.map((s) => ({
          service: s.service,
          name: s.name,
          status: s.state,
          label: s.label,
          checkedAt: s.checkedAt === null ? null : new Date(s.checkedAt).toISOString(),
        })),
      },
      200,
      { "cache-control": "public, max-age=30" },
    )
  })
}
