import { Effect } from "effect"
import { eraseLapsedRecords } from "../application/account"
import { backfillCommunity } from "../application/community"
import type { ScheduledJob } from "../application/jobs"
import { notifyCharacterReveals, notifyExpiringPix } from "../application/notifications"
import { expireOrders, reconcilePayments } from "../application/orders"
import { Clock } from "../application/ports/Clock"
import { EventQueue } from "../application/ports/EventQueue"
import { GatewayBilling } from "../application/ports/GatewayBilling"
import { Housekeeping } from "../application/ports/Housekeeping"
import { probeServices } from "../application/status"
import {
  endSubscriptionPeriods,
  fulfilPlanMonths,
  reconcileSubscriptions,
} from "../application/subscriptions"
import { endLapsedOffers } from "../application/waitlist"

const DAY = 24 * 60 * 60_000

/** Finished events are kept this long for investigation, then deleted with their deliveries. */
export const FINISHED_EVENTS_KEPT_DAYS = 30

/** The store's periodic work. Later modules add theirs (reconciliation, PIX and boleto expiry, billing). */
type JobServices =
  | Clock
  | EventQueue
  | GatewayBilling
  | Housekeeping
  | Effect.Services<ReturnType<typeof reconcilePayments>>
  | Effect.Services<ReturnType<typeof expireOrders>>
  | Effect.Services<ReturnType<typeof reconcileSubscriptions>>
  | Effect.Services<ReturnType<typeof endSubscriptionPeriods>>
  | Effect.Services<ReturnType<typeof fulfilPlanMonths>>
  | Effect.Services<ReturnType<typeof backfillCommunity>>
  | Effect.Services<ReturnType<typeof probeServices>>
  | Effect.Services<ReturnType<typeof notifyCharacterReveals>>
  | Effect.Services<ReturnType<typeof notifyExpiringPix>>
  | Effect.Services<ReturnType<typeof endLapsedOffers>>
  | Effect.Services<ReturnType<typeof eraseLapsedRecords>>

export const storeJobs: readonly ScheduledJob<JobServices>[] = [
  {
    // Retries whose back-off ran out and claims whose holder died are picked up by every dispatcher at once.
    name: "outbox.redrive",
    recurrence: { every: 5_000 },
    run: EventQueue.use((queue) => queue.wakeIfDue()),
  },
  {
    // Webhooks can be lost: open payments are asked about after a quiet while.
    name: "payments.reconcile",
    recurrence: { every: 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* reconcilePayments()
      if (outcome.checked > 0) yield* Effect.logInfo("payments reconciled").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    name: "orders.expireUnpaid",
    recurrence: { every: 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* expireOrders()
      if (outcome.due > 0) yield* Effect.logInfo("unpaid orders expired").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // Lost webhooks of subscriptions: pending, past due, or a renewal not seen yet.
    name: "subscriptions.reconcile",
    recurrence: { every: 5 * 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* reconcileSubscriptions()
      if (outcome.checked > 0)
        yield* Effect.logInfo("subscriptions reconciled").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // Scheduled cancellations at the end of the paid period, pauses whose day came.
    name: "subscriptions.endPeriods",
    recurrence: { dailyAt: { hour: 0, minute: 5 } },
    run: Effect.gen(function* () {
      const outcome = yield* endSubscriptionPeriods()
      if (outcome.changed > 0)
        yield* Effect.logInfo("subscription periods ended").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // The monthly fulfilment: every covered month that began gets its shipment (payments ship theirs at once).
    name: "subscriptions.fulfilMonths",
    recurrence: { dailyAt: { hour: 0, minute: 15 } },
    run: Effect.gen(function* () {
      const outcome = yield* fulfilPlanMonths()
      if (outcome.shipped > 0) yield* Effect.logInfo("plan months shipped").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // The sandbox renews subscriptions on day 1 in São Paulo and retries on days 3 and 5; Mercado Pago does so
    // on its side. Every run may ask: each cycle is charged once, however many runs or instances ask.
    name: "subscriptions.gatewayBilling",
    recurrence: { every: 10 * 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* (yield* GatewayBilling).chargeDue(yield* (yield* Clock).now())
      if (outcome.charged + outcome.retried > 0)
        yield* Effect.logInfo("gateway subscription charges made").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // Paid orders without pieces (from before the community, or a handler that gave up) join the ranking; runs
    // on each start and then rarely, as a safety net: the events keep everything current.
    name: "community.backfill",
    recurrence: { every: 6 * 60 * 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* backfillCommunity()
      if (outcome.replayed > 0)
        yield* Effect.logInfo("paid orders replayed into the community").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // The support page's "Status do sistema": each dependency checked once a minute (on one instance), the
    // real calls of every instance counted beside it; buckets older than a day are purged here too.
    name: "status.probe",
    recurrence: { every: 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* probeServices()
      if (outcome.failed > 0)
        yield* Effect.logWarning("health probes failed").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // Reveals are at noon on day 15 (São Paulo): collectors wait for that minute, so the job looks every
    // minute (an index range of a handful of characters) rather than every 15; each character is claimed once,
    // so any number of runs or instances tell each customer once.
    name: "notifications.characterReveals",
    recurrence: { every: 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* notifyCharacterReveals()
      if (outcome.characters > 0)
        yield* Effect.logInfo("character reveals notified").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // A PIX code lives 30 minutes; its customer is reminded once when 10 are left (see PIX_REMINDER_MINUTES).
    name: "notifications.pixExpiring",
    recurrence: { every: 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* notifyExpiringPix()
      if (outcome.due > 0) yield* Effect.logInfo("PIX reminders sent").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    // A waitlist offer's purchase window closed: its unit goes to the next collector in line.
    name: "waitlist.endLapsedOffers",
    recurrence: { every: 60_000 },
    run: Effect.gen(function* () {
      const outcome = yield* endLapsedOffers()
      if (outcome.editions > 0)
        yield* Effect.logInfo("lapsed waitlist offers ended").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    name: "auth.purgeExpired",
    recurrence: { every: 60 * 60_000 },
    run: Effect.gen(function* () {
      const purged = yield* (yield* Housekeeping).purgeExpired(yield* (yield* Clock).now())
      yield* Effect.logDebug("expired rows purged").pipe(Effect.annotateLogs(purged))
    }),
  },
  {
    // A deleted account's records, kept for the years the law asks from each purchase, then lose the person.
    name: "privacy.eraseLapsedRecords",
    recurrence: { dailyAt: { hour: 4, minute: 0 } },
    run: Effect.gen(function* () {
      const outcome = yield* eraseLapsedRecords()
      if (outcome.erased > 0)
        yield* Effect.logInfo("lapsed records erased").pipe(Effect.annotateLogs(outcome))
    }),
  },
  {
    name: "outbox.purgeFinished",
    recurrence: { dailyAt: { hour: 3, minute: 30 } },
    run: Effect.gen(function* () {
      const now = yield* (yield* Clock).now()
      const deleted = yield* (yield* EventQueue).purgeFinished(now - FINISHED_EVENTS_KEPT_DAYS * DAY)
      yield* Effect.logDebug("finished events purged").pipe(Effect.annotateLogs({ deleted }))
    }),
  },
]
