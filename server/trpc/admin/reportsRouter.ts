import { z } from "zod"
import { exportReport, getSalesReport, REPORT_SHEETS } from "../../../application/reports"
import { REPORT_GROUPINGS, REPORT_PRESETS } from "../../../domain/reports"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida")
const viewAnalytics = permissionProcedure("view_analytics")

const reportQuery = z.object({
  preset: z.enum(REPORT_PRESETS).default("30d"),
  from: day.optional(),
  to: day.optional(),
  grouping: z.enum(REPORT_GROUPINGS).default("day"),
})

export const adminReportsRouter = router({
  sales: viewAnalytics.input(reportQuery).query(({ ctx, input }) => ctx.run(getSalesReport(input))),
  /** One report as CSV; served as a download by the `/api/admin/reports.csv` route. */
  exportCsv: viewAnalytics
    .input(reportQuery.extend({ report: z.enum(REPORT_SHEETS).default("sales") }))
    .query(({ ctx, input }) => ctx.run(exportReport(input))),
})
