import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

export const ADMIN_ORDERS_CSV_PATH = "/api/admin/orders.csv"

const createCaller = createCallerFactory(appRouter)

/**
 * The order list's CSV as a download: a plain link the browser saves. The `admin.orders.exportCsv` procedure
 * decides everything (permission, filters, errors); this route only hands its text over as a file.
 */
export function adminOrdersCsvRoutes(context: (c: Context) => Promise<TrpcContext>) {
  return new Hono().get("/", async (c) => {
    const query = Object.fromEntries(new URL(c.req.url).searchParams)
    try {
      const csv = await createCaller(await context(c)).admin.orders.exportCsv(query)
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
