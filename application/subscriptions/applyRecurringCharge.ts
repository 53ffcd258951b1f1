import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import { domainEvent } from "../../domain/events"
import { nextPaymentStatus } from "../../domain/orders/payment"
import { firstCoveredMonth, type Month } from "../../domain/subscriptions/coverage"
import {
  type ChargeReport,
  chargeApproved,
  chargeRefused,
  type SubscriptionTransition,
} from "../../domain/subscriptions/subscription"
import { heldMonths } from "../plans"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import type { GatewayRecurringCharge } from "../ports/SubscriptionGateway"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"

/**
 * Applies a charge as the gateway reports it, once: the charge's status only moves forward within a try (a
 * duplicate or a stale report changes nothing), and only the step to approved or rejected moves the subscription,
 * in the same transaction. The one path for the subscribe answer, webhooks and reconciliation alike.
 */
export const applyRecurringCharge = Effect.fn("Subscriptions.applyRecurringCharge")(function* (
  charge: GatewayRecurringCharge,
) {
  const store = yield* SubscriptionStore
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      // The subscription first, then its charge: every path locks in this order.
      const subscription = yield* store.lock(charge.subscriptionId)
      if (
        !subscription ||
        (subscription.preapprovalId && subscription.preapprovalId !== charge.preapprovalId)
      ) {
        yield* Effect.logWarning("charge of no known subscription").pipe(
          Effect.annotateLogs({ chargeId: charge.id, subscriptionId: charge.subscriptionId }),
        )
        return "unknown" as const
      }
      const stored = yield* store.lockCharge(charge.id)
      // A renewal refused on day 1 is the same charge tried again on days 3 and 5: a later try is news whatever
      // its status, an earlier one (arriving late) is not.
      if (stored && charge.retryAttempt < stored.retryAttempt) return "unchanged" as const
      const laterTry = stored !== null && charge.retryAttempt > stored.retryAttempt
      const status = stored && !laterTry ? nextPaymentStatus(stored.status, charge.status) : charge.status
      if (!status) return "unchanged" as const
      const now = yield* (yield* Clock).now()
      const report: ChargeReport = {
        id: charge.id,
        amount: charge.amount,
        chargedAt: charge.chargedAt,
        retryAttempt: charge.retryAttempt,
        statusDetail: charge.statusDetail,
      }
      // The months whose character the collector already holds are skipped (one numbered piece each).
      const held =
        status === "approved"
          ? yield* heldMonths(
              subscription.collectionId,
              { userId: subscription.userId, cpf: subscription.cpf || null },
              firstCoveredMonth(toSaoPauloCivil(charge.chargedAt)),
            )
          : new Set<Month>()
      const transition: SubscriptionTransition | null =
        status === "approved"
          ? chargeApproved(subscription, report, held)
          : status === "rejected"
            ? chargeRefused(subscription, report, now)
            : null
      const paid = transition?.ok
        ? transition.events.find(
            (e) => e.type === "SubscriptionActivated" || e.type === "SubscriptionRenewed",
          )
        : undefined
      yield* store.saveCharge({
        id: charge.id,
        subscriptionId: subscription.id,
        status,
        statusDetail: charge.statusDetail,
        amount: charge.amount,
        chargedAt: charge.chargedAt,
        retryAttempt: charge.retryAttempt,
        months: paid && "months" in paid.payload ? paid.payload.months : (stored?.months ?? []),
      })
      if (transition && !transition.ok) {
        yield* Effect.logInfo(`charge changes nothing: ${transition.reason}`).pipe(
          Effect.annotateLogs({ chargeId: charge.id, subscriptionId: subscription.id }),
        )
        // Money taken for nothing (an ended subscription, a cycle already paid) goes back, with the charge.
        if (status === "approved")
          yield* (yield* EventOutbox).record([
            domainEvent("SubscriptionChargeRefundRequired", subscription.id, {
              subscriptionId: subscription.id,
              userId: subscription.userId,
              collectionId: subscription.collectionId,
              chargeId: charge.id,
              amount: charge.amount,
              reason: transition.reason,
            }),
          ])
      }
      if (transition?.ok) {
        yield* store.save({ ...subscription, ...transition.subscription, updatedAt: now })
        yield* (yield* EventOutbox).record(transition.events)
      }
      return status
    }),
  )
})
