import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"

/**
 * A GET route that hands a procedure's CSV over as a file the browser saves; a refused call (not signed in,
 * no permission, bad filter) answers with the procedure's status and pt-BR message.
 */
export function csvDownloadRoute(
  exportCsv: (c: Context, query: Record<string, string>) => Promise<{ filename: string; body: string }>,
) {
  return new Hono().get("/", async (c) => {
    const query = Object.fromEntries(new URL(c.req.url).searchParams)
    try {
      const csv = await exportCsv(c, query)
      return c.body(csv.body, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${csv.filename}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        "x-robots-tag": "noindex",
      })
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error
      return c.text(error.message, getHTTPStatusCodeFromError(error) as 400)
    }
  })
}
