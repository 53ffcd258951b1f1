import { addDays, saoPauloInstant, toSaoPauloCivil } from "./calendar"

/** How often a scheduled job runs: at a fixed interval, or once a day at a São Paulo wall-clock time. */
export type Recurrence =
  | { readonly every: number }
  | { readonly dailyAt: { readonly hour: number; readonly minute: number } }

/** The first run strictly after `afterMs` (epoch ms). */
export function nextRunAfter(recurrence: Recurrence, afterMs: number): number {
  if ("every" in recurrence) {
    if (!(recurrence.every > 0)) throw new Error("A recorrência precisa de um intervalo positivo")
    return afterMs + recurrence.every
  }
  const { hour, minute } = recurrence.dailyAt
  const today = toSaoPauloCivil(afterMs)
  const todayRun = saoPauloInstant(today, hour, minute)
  return todayRun > afterMs ? todayRun : saoPauloInstant(addDays(today, 1), hour, minute)
}
