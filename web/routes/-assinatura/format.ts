import { formatDateBR, formatTimeBR, monthYearLabelPtBR, toSaoPauloCivil } from "../../../domain/calendar"

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

/** An instant as a São Paulo date and time ("01/12/2026 às 09:30"). */
export function dateTimeBR(epochMs: number): string {
  return `${formatDateBR(toSaoPauloCivil(epochMs))} às ${formatTimeBR(epochMs)}`
}

/** The São Paulo day of an instant, "YYYY-MM-DD". */
export function dayOf(epochMs: number): string {
  const d = toSaoPauloCivil(epochMs)
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`
}

/** The toast of a pause: with a return day ("2027-01-20"), it names it; open-ended, it lasts until reactivated. */
export function pausedToast(until: string | null): { title: string; description: string } {
  return until
    ? {
        title: `Assinatura pausada até ${dateBR(until)}`,
        description: "Nenhuma cobrança nem envio até lá; nesse dia ela volta a ficar ativa sozinha.",
      }
    : { title: "Assinatura pausada", description: "Nenhuma cobrança nem envio até você reativar." }
}
