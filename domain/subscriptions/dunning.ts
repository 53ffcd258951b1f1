import { addDays, type CivilDate, toSaoPauloCivil } from "../calendar"

/** A failed renewal is tried on these days of its month (decision 2), then the subscription pauses. */
export const DUNNING_DAYS: readonly number[] = [1, 3, 5]

export const DUNNING_PAUSE_MESSAGE =
  "Não conseguimos cobrar seu cartão. Sua assinatura foi pausada: atualize o cartão para reativá-la."

/**
 * After a refused try (`retryAttempt` 0 is the day-1 charge), the day of the next one; null when that was the
 * last try. A try later than planned (a gateway's own schedule) still counts as the one it is.
 */
export function nextDunningTry(chargedAt: number, retryAttempt: number): CivilDate | null {
  const day = DUNNING_DAYS[retryAttempt + 1]
  if (day === undefined) return null
  const charged = toSaoPauloCivil(chargedAt)
  // A try made after the day of the next one (a late first charge) is retried two days later.
  return charged.day < day ? { year: charged.year, month: charged.month, day } : addDays(charged, 2)
}
