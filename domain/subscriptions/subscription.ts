import {
  addMonths,
  type CivilDate,
  civilDaysBetween,
  compareCivil,
  daysInMonth,
  isValidCivil,
  toSaoPauloCivil,
} from "../calendar"
import { domainEvent } from "../events"
import type { Cents } from "../money"
import {
  coverageEndsAt,
  type Month,
  monthKey,
  monthOfInstant,
  monthsPaidFor,
  parseMonth,
  shiftMonth,
} from "./coverage"
import { nextDunningTry } from "./dunning"
import { BILLING_DAY, type FrequencyMonths, type RecurringPlanId } from "./plans"
import type { SubscriptionEvent } from "./subscriptionEvents"

/**
 * `pending`: the card is authorised, the first charge not yet approved. `past_due`: a renewal was refused and
 * will be tried again. `paused`: no charges (by the collector, until a date or open-ended, or by dunning).
 * `cancelled` is final.
 */
export type SubscriptionStatus = "pending" | "active" | "past_due" | "paused" | "cancelled"

export const SUBSCRIPTION_STATUS_LABEL: Readonly<Record<SubscriptionStatus, string>> = {
  pending: "Aguardando pagamento",
  active: "Ativa",
  past_due: "Pagamento pendente",
  paused: "Pausada",
  cancelled: "Cancelada",
}

export interface Subscription {
  readonly id: string
  readonly userId: string
  readonly collectionId: string
  readonly planId: RecurringPlanId
  readonly frequencyMonths: FrequencyMonths
  /** What each charge costs, frozen when subscribing (a later price change is a new subscription). */
  readonly amount: Cents
  readonly status: SubscriptionStatus
  /** The gateway's recurring authorisation; null until the gateway answered. */
  readonly preapprovalId: string | null
  readonly cardLastFour: string | null
  readonly paymentMethodId: string | null
  /** The first and last month paid for ("YYYY-MM"); null until the first charge is approved. */
  readonly coveredFrom: Month | null
  readonly coveredThrough: Month | null
  /** The billing month of the last approved charge: another approval in that month pays for nothing more. */
  readonly lastPaidCycle: Month | null
  /** When a refused renewal is tried again (past due). */
  readonly retryOn: CivilDate | null
  readonly pausedBy: "collector" | "dunning" | null
  /** The day a collector's pause ends; null while paused means open-ended. */
  readonly pausedUntil: CivilDate | null
  readonly pausedAt: number | null
  /** A cancellation asked for takes effect at this instant, the end of the paid period. */
  readonly cancelAt: number | null
  readonly cancelReason: string | null
  readonly cancelledAt: number | null
  readonly createdAt: number
  readonly activatedAt: number | null
}

export type SubscriptionTransition =
  | { readonly ok: true; readonly subscription: Subscription; readonly events: readonly SubscriptionEvent[] }
  | { readonly ok: false; readonly reason: string }

/** A charge of the recurring authorisation, as the gateway reports it. */
export interface ChargeReport {
  readonly id: string
  readonly amount: Cents
  readonly chargedAt: number
  readonly retryAttempt: number
  readonly statusDetail: string | null
}

export const SUBSCRIPTION_REFUSALS = {
  cancelled: "Esta assinatura foi cancelada. Assine novamente para voltar a receber os personagens.",
  notActive: "A assinatura ainda não foi ativada.",
  alreadyPaused: "A assinatura já está pausada.",
  alreadyActive: "A assinatura já está ativa.",
  cancellationScheduled: "O cancelamento desta assinatura já está agendado.",
  pastDue: "Há um pagamento pendente: atualize o cartão para regularizar a assinatura.",
  pauseDate: "Escolha uma data de retorno entre amanhã e os próximos 3 meses.",
  reasonRequired: "Conte para a gente o motivo do cancelamento.",
  cyclePaid: "Este ciclo já foi pago.",
  nothingDue: "Nada a fazer hoje.",
} as const

/** A collector's pause lasts at most this long when dated; an open-ended pause ends in cancellation after this. */
export const MAX_PAUSE_MONTHS = 3
export const OPEN_PAUSE_LIMIT_DAYS = 180
export const CANCEL_REASON_MAX = 500

/** Cancellation reasons the store writes itself (the collector's own reason is kept as typed). */
export const SYSTEM_CANCEL_REASONS = {
  firstChargeRefused: "Pagamento não aprovado",
  longPause: "Pausada há mais de 180 dias sem atualização do cartão",
  gateway: "Cancelada no Mercado Pago",
  accountDeleted: "Conta excluída",
} as const

const civilText = (d: CivilDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

const ref = (s: Subscription) => ({ subscriptionId: s.id, userId: s.userId, collectionId: s.collectionId })
const ok = (subscription: Subscription, events: SubscriptionEvent[] = []): SubscriptionTransition => ({
  ok: true,
  subscription,
  events,
})
const refuse = (reason: string): SubscriptionTransition => ({ ok: false, reason })

export interface NewSubscription {
  readonly id: string
  readonly userId: string
  readonly collectionId: string
  readonly planId: RecurringPlanId
  readonly frequencyMonths: FrequencyMonths
  readonly amount: Cents
  readonly paymentMethodId: string | null
  readonly now: number
}

/** A subscription as the collector asks for it: pending until its first charge is approved. */
export function startSubscription(input: NewSubscription): SubscriptionTransition {
  const { now, ...rest } = input
  const subscription: Subscription = {
    ...rest,
    status: "pending",
    preapprovalId: null,
    cardLastFour: null,
    coveredFrom: null,
    coveredThrough: null,
    lastPaidCycle: null,
    retryOn: null,
    pausedBy: null,
    pausedUntil: null,
    pausedAt: null,
    cancelAt: null,
    cancelReason: null,
    cancelledAt: null,
    createdAt: now,
    activatedAt: null,
  }
  return ok(subscription, [
    domainEvent("SubscriptionStarted", input.id, {
      ...ref(subscription),
      planId: input.planId,
      amount: input.amount,
    }),
  ])
}

/**
 * An approved charge pays for the plan's next months (from the payment's first covered month on, after those
 * already paid, leaving out the months in `held`, whose character the collector already has). The first one activates the subscription; a later one renews it, and ends a dunning pause.
 */
export function chargeApproved(
  s: Subscription,
  charge: ChargeReport,
  held: ReadonlySet<Month> = new Set(),
): SubscriptionTransition {
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.cancelled)
  const cycle = monthOfInstant(charge.chargedAt)
  if (s.lastPaidCycle === cycle) return refuse(SUBSCRIPTION_REFUSALS.cyclePaid)
  const months = monthsPaidFor(charge.chargedAt, s.frequencyMonths, s.coveredThrough, held)
  const resumes = s.status === "paused" && s.pausedBy === "dunning"
  const status = s.status === "paused" && !resumes ? "paused" : "active"
  const next: Subscription = {
    ...s,
    status,
    coveredFrom: s.coveredFrom ?? months[0] ?? null,
    coveredThrough: months.at(-1) ?? s.coveredThrough,
    lastPaidCycle: cycle,
    retryOn: null,
    ...(resumes ? { pausedBy: null, pausedUntil: null, pausedAt: null } : {}),
    activatedAt: s.activatedAt ?? charge.chargedAt,
  }
  const paid = { ...ref(s), chargeId: charge.id, amount: charge.amount, paidAt: charge.chargedAt, months }
  const events: SubscriptionEvent[] = [
    s.status === "pending"
      ? domainEvent("SubscriptionActivated", s.id, paid)
      : domainEvent("SubscriptionRenewed", s.id, paid),
  ]
  if (resumes) events.push(domainEvent("SubscriptionResumed", s.id, ref(s)))
  return ok(next, events)
}

/**
 * A refused charge: a refused first charge ends the subscription (nothing was ever paid; the collector
 * subscribes again with another card); a refused renewal makes it past due until the next try of the dunning
 * schedule, and pauses it after the last. A refusal for a month already paid changes nothing.
 */
export function chargeRefused(s: Subscription, charge: ChargeReport, now: number): SubscriptionTransition {
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.cancelled)
  if (s.status === "paused") return refuse(SUBSCRIPTION_REFUSALS.alreadyPaused)
  const cycle = monthOfInstant(charge.chargedAt)
  if (s.lastPaidCycle !== null && s.lastPaidCycle >= cycle) return refuse(SUBSCRIPTION_REFUSALS.cyclePaid)
  const failed = { ...ref(s), chargeId: charge.id, statusDetail: charge.statusDetail }
  if (s.status === "pending") {
    const reason = SYSTEM_CANCEL_REASONS.firstChargeRefused
    return ok({ ...s, status: "cancelled", cancelledAt: now, cancelReason: reason }, [
      domainEvent("SubscriptionChargeFailed", s.id, { ...failed, retryOn: null }),
      domainEvent("SubscriptionCancelled", s.id, { ...ref(s), reason }),
    ])
  }
  const retryOn = nextDunningTry(charge.chargedAt, charge.retryAttempt)
  if (retryOn)
    return ok({ ...s, status: "past_due", retryOn }, [
      domainEvent("SubscriptionChargeFailed", s.id, { ...failed, retryOn: civilText(retryOn) }),
    ])
  return ok(
    { ...s, status: "paused", retryOn: null, pausedBy: "dunning", pausedUntil: null, pausedAt: now },
    [
      domainEvent("SubscriptionChargeFailed", s.id, { ...failed, retryOn: null }),
      domainEvent("SubscriptionPaused", s.id, { ...ref(s), by: "dunning", until: null }),
    ],
  )
}

/**
 * The collector pauses: no more charges until `until` (a day within the next 3 months) or, with null, until
 * they reactivate. Months already paid are still shipped.
 */
export function pause(s: Subscription, until: CivilDate | null, now: number): SubscriptionTransition {
  const refused = refusalToChange(s)
  if (refused) return refuse(refused)
  if (s.status === "past_due") return refuse(SUBSCRIPTION_REFUSALS.pastDue)
  if (until) {
    const today = toSaoPauloCivil(now)
    if (
      !isValidCivil(until) ||
      civilDaysBetween(today, until) < 1 ||
      compareCivil(until, pauseLimit(today)) > 0
    )
      return refuse(SUBSCRIPTION_REFUSALS.pauseDate)
  }
  return ok({ ...s, status: "paused", pausedBy: "collector", pausedUntil: until, pausedAt: now }, [
    domainEvent("SubscriptionPaused", s.id, {
      ...ref(s),
      by: "collector",
      until: until ? civilText(until) : null,
    }),
  ])
}

/** The latest day a dated pause may end: the same day, MAX_PAUSE_MONTHS later (clamped to that month). */
export function pauseLimit(today: CivilDate): CivilDate {
  const ym = addMonths(today, MAX_PAUSE_MONTHS)
  return { ...ym, day: Math.min(today.day, daysInMonth(ym.year, ym.month)) }
}

/** What forbids a collector's change in any state but active (or past due, which each change decides on). */
function refusalToChange(s: Subscription): string | null {
  if (s.status === "cancelled") return SUBSCRIPTION_REFUSALS.cancelled
  if (s.status === "pending") return SUBSCRIPTION_REFUSALS.notActive
  if (s.status === "paused") return SUBSCRIPTION_REFUSALS.alreadyPaused
  if (s.cancelAt !== null) return SUBSCRIPTION_REFUSALS.cancellationScheduled
  return null
}

/**
 * Reactivation: a paused subscription is charged again from the next billing day; an active one whose
 * cancellation was scheduled keeps going as if it had not been asked.
 */
export function reactivate(s: Subscription): SubscriptionTransition {
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.cancelled)
  if (s.status === "pending") return refuse(SUBSCRIPTION_REFUSALS.notActive)
  if (s.status === "paused") return resume(s, "collector")
  if (s.cancelAt !== null)
    return ok({ ...s, cancelAt: null, cancelReason: null }, [
      domainEvent("SubscriptionResumed", s.id, { ...ref(s), by: "collector" }),
    ])
  if (s.status === "past_due") return refuse(SUBSCRIPTION_REFUSALS.pastDue)
  return refuse(SUBSCRIPTION_REFUSALS.alreadyActive)
}

function resume(s: Subscription, by?: "collector"): SubscriptionTransition {
  return ok({ ...s, status: "active", pausedBy: null, pausedUntil: null, pausedAt: null, retryOn: null }, [
    domainEvent("SubscriptionResumed", s.id, by ? { ...ref(s), by } : ref(s)),
  ])
}

/**
 * Cancellation asked by the collector (with a reason): effective at the end of the paid period, so the months
 * paid for are still shipped; at once when nothing is paid ahead.
 */
export function cancel(s: Subscription, reason: string, now: number): SubscriptionTransition {
  const why = reason.trim()
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.cancelled)
  if (s.cancelAt !== null) return refuse(SUBSCRIPTION_REFUSALS.cancellationScheduled)
  if (why.length === 0) return refuse(SUBSCRIPTION_REFUSALS.reasonRequired)
  const cancelReason = why.slice(0, CANCEL_REASON_MAX)
  const endsAt = s.coveredThrough === null ? null : coverageEndsAt(s.coveredThrough)
  if (endsAt === null || endsAt <= now) return cancelNow(s, cancelReason, now)
  return ok({ ...s, cancelAt: endsAt, cancelReason }, [
    domainEvent("SubscriptionCancellationScheduled", s.id, {
      ...ref(s),
      cancelAt: endsAt,
      reason: cancelReason,
    }),
  ])
}

/**
 * The collector deleted the account: no charge after today, at once (domain/accounts/accountDeletion.ts), whatever was
 * scheduled; the months already paid are orders by now and ship.
 */
export function cancelWithAccount(s: Subscription, now: number): SubscriptionTransition {
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.cancelled)
  return cancelNow(s, SYSTEM_CANCEL_REASONS.accountDeleted, now)
}

function cancelNow(s: Subscription, reason: string, now: number): SubscriptionTransition {
  return ok(
    { ...s, status: "cancelled", cancelAt: null, cancelReason: reason, cancelledAt: now, retryOn: null },
    [domainEvent("SubscriptionCancelled", s.id, { ...ref(s), reason })],
  )
}

/**
 * The daily look at a subscription: a scheduled cancellation whose day came, a dated pause that ended, an
 * open-ended pause left for too long.
 */
export function endDuePeriods(s: Subscription, now: number): SubscriptionTransition {
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.nothingDue)
  if (s.cancelAt !== null && s.cancelAt <= now) return cancelNow(s, s.cancelReason ?? "", now)
  if (s.status !== "paused") return refuse(SUBSCRIPTION_REFUSALS.nothingDue)
  const today = toSaoPauloCivil(now)
  if (s.pausedUntil && compareCivil(s.pausedUntil, today) <= 0) return resume(s)
  const pausedDays = s.pausedAt === null ? 0 : civilDaysBetween(toSaoPauloCivil(s.pausedAt), today)
  if (s.pausedUntil === null && s.cancelAt === null && pausedDays >= OPEN_PAUSE_LIMIT_DAYS)
    return cancelNow(s, SYSTEM_CANCEL_REASONS.longPause, now)
  return refuse(SUBSCRIPTION_REFUSALS.nothingDue)
}

/**
 * A new card: a subscription paused by dunning is active again (the gateway charges the new card); one past
 * due stays so until the gateway's retry with it is approved.
 */
export function cardChanged(
  s: Subscription,
  card: { readonly lastFour: string | null; readonly paymentMethodId: string | null },
): SubscriptionTransition {
  if (s.status === "cancelled") return refuse(SUBSCRIPTION_REFUSALS.cancelled)
  const swapped = {
    ...s,
    cardLastFour: card.lastFour ?? s.cardLastFour,
    paymentMethodId: card.paymentMethodId ?? s.paymentMethodId,
  }
  const changed = domainEvent("SubscriptionCardChanged", s.id, {
    ...ref(s),
    lastFour: swapped.cardLastFour,
    paymentMethodId: swapped.paymentMethodId,
  })
  if (s.status === "paused" && s.pausedBy === "dunning") {
    const resumed = resume(swapped)
    return resumed.ok ? ok(resumed.subscription, [...resumed.events, changed]) : resumed
  }
  return ok(swapped, [changed])
}

/**
 * When the collector is charged next (São Paulo day), or null when no charge is planned. A pause with an end
 * date is charged again on the first billing day from its return day on (never before the covered months end);
 * an open-ended pause, or one of dunning, plans none.
 */
export function nextBillingDate(s: Subscription): CivilDate | null {
  if (s.status === "past_due") return s.retryOn
  if (s.cancelAt !== null || s.coveredThrough === null) return null
  const afterCovered = shiftMonth(s.coveredThrough, 1)
  if (s.status === "active") return { ...parseMonth(afterCovered), day: BILLING_DAY }
  if (s.status !== "paused" || s.pausedBy !== "collector" || s.pausedUntil === null) return null
  const back = s.pausedUntil
  const backMonth = back.day <= BILLING_DAY ? monthKey(back) : shiftMonth(monthKey(back), 1)
  return { ...parseMonth(backMonth > afterCovered ? backMonth : afterCovered), day: BILLING_DAY }
}
