import {
  REPORT_GROUPINGS,
  REPORT_PRESETS,
  type ReportGrouping,
  type ReportPreset,
} from "../../../../domain/reports/period"
import { optionalEnum } from "../../../lib/search"

export interface ReportsSearch {
  preset: ReportPreset
  grouping: ReportGrouping
  from?: string
  to?: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: unknown) => (typeof value === "string" && DAY.test(value) ? value : undefined)

/** Only what the server accepts stays; a custom period keeps its days, a preset drops them. */
export function validateReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const preset = optionalEnum(search.preset, REPORT_PRESETS) ?? "30d"
  const grouping = optionalEnum(search.grouping, REPORT_GROUPINGS) ?? "day"
  const from = day(search.from)
  const to = day(search.to)
  return preset === "custom" && from && to
    ? { preset, grouping, from, to }
    : { preset: preset === "custom" ? "30d" : preset, grouping }
}

/** The CSV of one report with the screen's filters. */
export const reportCsvHref = (report: string, search: ReportsSearch) =>
  `/api/admin/reports.csv?${new URLSearchParams({ report, ...search }).toString()}`
