import { civilDaysBetween, formatDateBR, formatTimeBR, toSaoPauloCivil } from "./calendar"

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * How long ago `at` was, as the header's notifications say it (pt-BR, São Paulo calendar days): "agora",
 * "há 5 min", "há 3 h" the same day, "ontem" for the day before whatever the hour, "há 4 dias" within a week,
 * then the date ("12/11/2026"). An instant a little in the future (another machine's clock) reads "agora".
 */
export function relativeTimePtBR(at: number, now: number): string {
  const elapsed = now - at
  if (elapsed < MINUTE) return "agora"
  if (elapsed < HOUR) return `há ${Math.floor(elapsed / MINUTE)} min`
  const days = civilDaysBetween(toSaoPauloCivil(at), toSaoPauloCivil(now))
  if (days <= 0) return `há ${Math.floor(elapsed / HOUR)} h`
  if (days === 1) return "ontem"
  if (days < 7) return `há ${days} dias`
  return formatDateBR(toSaoPauloCivil(at))
}

/** The full instant, for a tooltip and for screen readers: "27/11/2026 às 14:05". */
export const dateTimePtBR = (at: number): string =>
  `${formatDateBR(toSaoPauloCivil(at))} às ${formatTimeBR(at)}`
