import { Effect } from "effect"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import { findRecurringPlan } from "../../domain/subscriptions/plans"
import type { EventHandler } from "../events"
import { contactOfEvent } from "../events"
import type { AccountData } from "../ports/AccountData"
import { CatalogRepository } from "../ports/CatalogRepository"
import type { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import { type StoredSubscription, SubscriptionStore } from "../ports/SubscriptionStore"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { deliverEmail } from "./deliverEmail"
import { storeIdentity } from "./storeIdentity"
import {
  type SubscriptionLetterInput,
  subscriptionActivatedEmail,
  subscriptionCancellationScheduledEmail,
  subscriptionCancelledEmail,
  subscriptionCardChangedEmail,
  subscriptionChargeFailedEmail,
  subscriptionPausedByCollectorEmail,
  subscriptionPausedByDunningEmail,
  subscriptionReactivatedEmail,
  subscriptionRenewedEmail,
} from "./subscriptionTemplates"
import type { EmailContent } from "./templates"

export const SUBSCRIPTION_EMAIL_EVENTS = [
  "SubscriptionActivated",
  "SubscriptionRenewed",
  "SubscriptionChargeFailed",
  "SubscriptionPaused",
  "SubscriptionResumed",
  "SubscriptionCancellationScheduled",
  "SubscriptionCancelled",
  "SubscriptionCardChanged",
] as const satisfies readonly DomainEvent["type"][]

type SubscriptionEmailEvent = Extract<DomainEvent, { type: (typeof SUBSCRIPTION_EMAIL_EVENTS)[number] }>

const isSubscriptionEmailEvent = (event: RecordedEvent): event is RecordedEvent & SubscriptionEmailEvent =>
  (SUBSCRIPTION_EMAIL_EVENTS as readonly string[]).includes(event.type)

type Letter = { template: string; content: EmailContent } | { skip: string }

/**
 * The billing news a collector may choose not to receive by e-mail (type `billing`): a renewal charged, a charge
 * refused, the pause after the last refusal. The rest stays transactional, always sent: the activation is the
 * purchase's receipt, a cancellation ends a paid service, and the collector's own changes (pause, reactivation,
 * scheduled cancellation, new card) are confirmations a customer must get (a card changed by someone else is a
 * security matter).
 */
export const BILLING_TEMPLATES: ReadonlySet<string> = new Set([
  "subscription-renewed",
  "subscription-charge-failed",
  "subscription-paused-dunning",
])

const civil = (text: string) => {
  const [year, month, day] = text.split("-").map(Number)
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 }
}

/** The message an event calls for; the subscription is read now, so news a later change made stale is not sent. */
function letterFor(
  event: SubscriptionEmailEvent,
  s: StoredSubscription,
  input: SubscriptionLetterInput,
): Letter {
  switch (event.type) {
    case "SubscriptionActivated":
      return {
        template: "subscription-activated",
        content: subscriptionActivatedEmail({ ...input, ...event.payload }),
      }
    case "SubscriptionRenewed":
      return {
        template: "subscription-renewed",
        content: subscriptionRenewedEmail({ ...input, ...event.payload }),
      }
    case "SubscriptionChargeFailed":
      // The last try's refusal is told by the pause; a retry that worked meanwhile makes it old news.
      if (!event.payload.retryOn || s.status !== "past_due") return { skip: "no retry to announce" }
      return {
        template: "subscription-charge-failed",
        content: subscriptionChargeFailedEmail({ ...input, retryOn: civil(event.payload.retryOn) }),
      }
    case "SubscriptionPaused":
      if (s.status !== "paused") return { skip: "no longer paused" }
      if (event.payload.by === "collector")
        return {
          template: "subscription-paused-collector",
          content: subscriptionPausedByCollectorEmail({
            ...input,
            until: event.payload.until ? civil(event.payload.until) : null,
          }),
        }
      return { template: "subscription-paused-dunning", content: subscriptionPausedByDunningEmail(input) }
    case "SubscriptionResumed":
      // Only the collector's own reactivation is confirmed; a dated pause's end or a new card's approval is not.
      if (event.payload.by !== "collector") return { skip: "not the collector's reactivation" }
      if (s.status === "cancelled" || s.status === "paused") return { skip: "no longer active" }
      return { template: "subscription-reactivated", content: subscriptionReactivatedEmail(input) }
    case "SubscriptionCancellationScheduled":
      if (s.cancelAt === null || s.status === "cancelled")
        return { skip: "the cancellation was taken back or done" }
      return {
        template: "subscription-cancellation-scheduled",
        content: subscriptionCancellationScheduledEmail({ ...input, cancelAt: event.payload.cancelAt }),
      }
    case "SubscriptionCancelled":
      // A first charge refused ends the sign-up at once: the checkout said so already.
      if (s.activatedAt === null) return { skip: "never active" }
      return { template: "subscription-cancelled", content: subscriptionCancelledEmail(input) }
    case "SubscriptionCardChanged":
      return {
        template: "subscription-card-changed",
        content: subscriptionCardChangedEmail({
          ...input,
          lastFour: event.payload.lastFour,
          paymentMethodId: event.payload.paymentMethodId,
        }),
      }
  }
}

/**
 * The subscription e-mails: activated, renewed, a charge refused (with the next try's date), paused after the
 * last try, cancelled; and the confirmations of the collector's own changes: paused (with the return day when
 * set), reactivated, cancellation scheduled (with the day it takes effect), card changed. Events carry ids; the subscription and the collector's address are read when writing.
 */
export const subscriptionEmailsHandler: EventHandler<
  | AccountData
  | CatalogRepository
  | Clock
  | Mailer
  | SentEmails
  | NotificationCenter
  | UnsubscribeTokens
  | StoreSettings
  | StoreSite
  | SubscriptionStore
> = {
  name: "mail.subscriptions",
  on: SUBSCRIPTION_EMAIL_EVENTS,
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (!isSubscriptionEmailEvent(event)) return
      const subscription = yield* (yield* SubscriptionStore).get(event.payload.subscriptionId)
      if (!subscription) return yield* Effect.logWarning("subscription e-mail for an unknown subscription")
      const contact = yield* contactOfEvent(subscription.userId)
      if (!contact) return yield* Effect.logInfo("subscription e-mail for an account that no longer exists")
      const collection = yield* (yield* CatalogRepository).findCollection(subscription.collectionId)
      const letter = letterFor(event, subscription, {
        name: contact.name,
        planName: findRecurringPlan(subscription.planId)?.name ?? "plano",
        collectionName: collection?.name ?? "sua coleção",
        store: yield* storeIdentity,
      })
      if ("skip" in letter) return yield* Effect.logInfo(`subscription e-mail not sent: ${letter.skip}`)
      yield* deliverEmail({
        eventId: event.id,
        template: letter.template,
        to: contact.email,
        content: letter.content,
        ...(BILLING_TEMPLATES.has(letter.template)
          ? { topic: { userId: subscription.userId, type: "billing" as const } }
          : {}),
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
