import {
  addDays,
  type CivilDate,
  daysInMonth,
  saoPauloInstant,
  toSaoPauloCivil,
  type YearMonth,
} from "../calendar"

/** Orders paid before this day join the current month's batch; from it on, the next one. */
export const PAYMENT_CUTOFF_DAY = 15
/** The current batch ships on day 30 (or the month's last day when shorter). */
export const BATCH_SHIP_DAY = 30
/** Late payers ship with the next month's batch, mid-month. */
export const NEXT_BATCH_SHIP_DAY = 15
export const REVEAL_DAY = 15

export const LEAD_TIME_TEXT = "produção de 20 a 30 dias + envio de 5 a 10 dias úteis (30 a 45 dias no total)"
export const PRODUCTION_DAYS = { min: 20, max: 30 } as const
export const SHIPPING_BUSINESS_DAYS = { min: 5, max: 10 } as const
export const TOTAL_DAYS = { min: 30, max: 45 } as const

/**
 * The lead time once the shopper has chosen how the parcel travels: production as always, then that option's
 * own transit promise instead of the general 5 to 10 business days. With no option chosen, the general text.
 */
export function leadTimeFor(option: { readonly name: string; readonly days: number } | null): string {
  if (!option) return LEAD_TIME_TEXT
  const transit = option.days === 1 ? "1 dia útil" : `${option.days} dias úteis`
  return `produção de ${PRODUCTION_DAYS.min} a ${PRODUCTION_DAYS.max} dias + envio em até ${transit} (${option.name})`
}

export function shipDate(paidOn: CivilDate): CivilDate {
  const { year, month, day } = paidOn
  if (day < PAYMENT_CUTOFF_DAY)
    return { year, month, day: Math.min(BATCH_SHIP_DAY, daysInMonth(year, month)) }
  return month === 12
    ? { year: year + 1, month: 1, day: NEXT_BATCH_SHIP_DAY }
    : { year, month: month + 1, day: NEXT_BATCH_SHIP_DAY }
}

export function monthlyRevealDate(ym: YearMonth): CivilDate {
  return { year: ym.year, month: ym.month, day: REVEAL_DAY }
}

/** Teaser on day 1, preview on day 8, reveal at noon on day 15, all São Paulo wall time. */
export function editionDates(ym: YearMonth): { teaserAt: number; previewAt: number; revealAt: number } {
  const { year, month } = ym
  return {
    teaserAt: saoPauloInstant({ year, month, day: 1 }, 0),
    previewAt: saoPauloInstant({ year, month, day: 8 }, 0),
    revealAt: saoPauloInstant({ year, month, day: REVEAL_DAY }, 12),
  }
}

/**
 * The next instant after `now` at which the clock alone changes what a catalogue page shows: São Paulo
 * midnight (days left, the month's edition, teaser on day 1, preview on day 8, ship dates) or the reveal at noon
 * on day 15 (editionDates). A page rendered at `now` must not be served as current from then on.
 */
export function nextShowcaseChange(now: number): number {
  const today = toSaoPauloCivil(now)
  const midnight = saoPauloInstant(addDays(today, 1), 0)
  if (today.day !== REVEAL_DAY) return midnight
  const reveal = editionDates(today).revealAt
  return reveal > now ? Math.min(reveal, midnight) : midnight
}
