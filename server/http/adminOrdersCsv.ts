import type { Context } from "hono"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"
import { csvDownloadRoute } from "./csvDownload"

export const ADMIN_ORDERS_CSV_PATH = "/api/admin/orders.csv"

const createCaller = createCallerFactory(appRouter)

/**
 * The order list's CSV as a download: a plain link the browser saves. The `admin.orders.exportCsv` procedure
 * decides everything (permission, filters, errors); this route only hands its text over as a file.
 */
export const adminOrdersCsvRoutes = (context: (c: Context) => Promise<TrpcContext>) =>
  csvDownloadRoute(async (c, query) => createCaller(await context(c)).admin.orders.exportCsv(query))
