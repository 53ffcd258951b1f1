import type { Context } from "hono"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"
import { csvDownloadRoute } from "./csvDownload"

export const ADMIN_REPORTS_CSV_PATH = "/api/admin/reports.csv"

const createCaller = createCallerFactory(appRouter)

/**
 * A report's CSV as a download, with the screen's filters (`report`, `preset`, `from`, `to`, `grouping`). The
 * `admin.reports.exportCsv` procedure decides everything: session, `view_analytics` (403 otherwise), filters.
 */
export const adminReportsCsvRoutes = (context: (c: Context) => Promise<TrpcContext>) =>
  csvDownloadRoute(async (c, query) => createCaller(await context(c)).admin.reports.exportCsv(query))
