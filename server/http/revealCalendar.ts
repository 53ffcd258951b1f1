import { Cause, Exit, Option } from "effect"
import { Hono } from "hono"
import { getRevealCalendar } from "../../application/catalog"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

/** `/colecoes/<id or slug>/calendario.ics`: beside the collection's page, so the link reads like it. */
export const revealCalendarPath = (collection: string) =>
  `/colecoes/${encodeURIComponent(collection)}/calendario.ics`

/**
 * GET /colecoes/:id/calendario.ics: the collection's reveal calendar (RFC 5545) for a phone's calendar. Public
 * and the same for everyone, so caches may keep it for a while; a calendar app polls it for later reveals.
 */
export function revealCalendarRoutes(deps: { runtime: AppRuntime; logger: Logger }) {
  return new Hono().get("/colecoes/:id/calendario.ics", async (c) => {
    const id = c.req.param("id")
    if (id.length > 120) return c.text("Coleção não encontrada", 404)
    const exit = await deps.runtime.runPromiseExit(getRevealCalendar(id))
    if (Exit.isSuccess(exit))
      return c.body(exit.value.body, 200, {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": `inline; filename="${exit.value.filename}"`,
        "cache-control": "public, max-age=3600",
        "x-content-type-options": "nosniff",
      })
    if (Option.isSome(Cause.findErrorOption(exit.cause))) return c.text("Coleção não encontrada", 404)
    deps.logger.error({ cause: Cause.pretty(exit.cause) }, "reveal calendar failed")
    return c.text("Erro ao gerar o calendário", 500)
  })
}
