import { formatDateBR, monthYearLabelPtBR } from "../../../domain/calendar"

/** "2026-12-01" → "01/12/2026". */
export function dateBR(iso: string): string {
  const [year = 0, month = 0, day = 0] = iso.split("-").map(Number)
  return formatDateBR({ year, month, day })
}

/** "2026-12" → the month and year in Portuguese ("Dezembro de 2026"). */
export function monthBR(month: string): string {
  const [year = 0, m = 0] = month.split("-").map(Number)
  return monthYearLabelPtBR({ year, month: m })
}
