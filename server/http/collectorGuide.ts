import { createHash } from "node:crypto"
import { Cause, Exit } from "effect"
import { Hono } from "hono"
import { getCollectorGuide, renderCollectorGuide } from "../../application/support"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

export const COLLECTOR_GUIDE_PATH = "/guia-do-colecionador.pdf"

/** Caches may keep the file this long; the ETag then tells them whether it changed. */
const MAX_AGE_SECONDS = 600

/**
 * GET /guia-do-colecionador.pdf: the collector's guide, generated from the store's current data. The guide's
 * content is read on every request (from the cached catalogue and settings) and its digest is the ETag, so a
 * change of plans, prices, contacts or collections gives a new file at once; the PDF itself is rendered
 * only when that digest changes.
 */
export function collectorGuideRoutes(deps: { runtime: AppRuntime; logger: Logger }) {
  let rendered: { etag: string; pdf: Promise<Uint8Array> } | null = null
  return new Hono().get(COLLECTOR_GUIDE_PATH, async (c) => {
    const exit = await deps.runtime.runPromiseExit(getCollectorGuide())
    if (Exit.isFailure(exit)) {
      deps.logger.error({ cause: Cause.pretty(exit.cause) }, "collector guide failed")
      return c.text("Erro ao gerar o guia do colecionador", 500)
    }
    const guide = exit.value
    const etag = `"${createHash("sha256").update(JSON.stringify(guide)).digest("base64url").slice(0, 32)}"`
    const headers = {
      etag,
      "cache-control": `public, max-age=${MAX_AGE_SECONDS}`,
      "x-content-type-options": "nosniff",
    }
    const asked = c.req.header("if-none-match")
    if (asked?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
      return c.body(null, 304, headers)
    if (rendered?.etag !== etag) {
      const pdf = deps.runtime.runPromise(renderCollectorGuide(guide))
      rendered = { etag, pdf }
      // A failed render is not kept: the next request tries again.
      pdf.catch(() => {
        if (rendered?.pdf === pdf) rendered = null
      })
    }
    try {
      const pdf = await rendered.pdf
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...headers,
        "content-type": "application/pdf",
        "content-disposition": 'inline; filename="guia-do-colecionador.pdf"',
      })
    } catch (error) {
      deps.logger.error({ err: error }, "collector guide rendering failed")
      return c.text("Erro ao gerar o guia do colecionador", 500)
    }
  })
}
