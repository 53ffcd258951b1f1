import { Effect } from "effect"
import { csvDocument } from "../../domain/csv"
import { getSalesReport } from "./getSalesReport"
import type { ReportQuery } from "./reportQuery"
import { REPORT_SHEET_FILE, type ReportSheet, reportSheet } from "./reportSheets"

/**
 * One report of the screen as a CSV Excel in Brazil opens as is, for the same period and grouping; the
 * permission is getSalesReport's (`view_analytics`).
 */
export const exportReport = Effect.fn("Reports.exportReport")(function* (
  input: ReportQuery & { readonly report: ReportSheet },
) {
  const report = yield* getSalesReport(input)
  const { header, rows } = reportSheet(report, input.report)
  return {
    filename: `relatorio-${REPORT_SHEET_FILE[input.report]}-${report.period.first}-a-${report.period.last}.csv`,
    body: csvDocument(header, rows),
  }
})
