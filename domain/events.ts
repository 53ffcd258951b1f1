import type { AccountEvent } from "./accounts/accountEvents"
import type { CartEvent } from "./cart/cart"
import type { WaitlistEvent } from "./editions/waitlistEvents"
import type { FulfilmentEvent } from "./fulfilment/fulfilmentEvents"
import type { NewsletterEvent } from "./newsletterEvents"
import type { NotificationEvent } from "./notifications/notificationEvents"
import type { OrderEvent } from "./orders/orderEvents"
import type { SubscriptionEvent } from "./subscriptions/subscriptionEvents"
import type { SupportEvent } from "./support/supportEvents"

/**
 * Something that happened, as the rest of the store learns of it. `type` and `version` are stable: a
 * stored event is read back years later, so a change of payload shape is a new version, never an edit.
 * Payloads are plain JSON data; money is integer centavos.
 */
export interface EventOf<Type extends string, Payload> {
  readonly type: Type
  readonly version: number
  /** The id of the thing the event is about (a user, an order, a cart). */
  readonly aggregateId: string
  readonly payload: Payload
}

/** Every event of the store. Each module declares its own union; later modules (orders, payments) add theirs here. */
export type DomainEvent =
  | AccountEvent
  | NewsletterEvent
  | CartEvent
  | OrderEvent
  | FulfilmentEvent
  | SubscriptionEvent
  | NotificationEvent
  | SupportEvent
  | WaitlistEvent

export type EventType = DomainEvent["type"]

export type EventPayload<T extends EventType> = Extract<DomainEvent, { type: T }>["payload"]

/** The current version of each event's payload. A `Record` keyed by the union: adding an event fails to compile until listed. */
export const EVENT_VERSIONS: Readonly<Record<EventType, number>> = {
  UserRegistered: 1,
  EmailVerificationRequested: 1,
  EmailVerified: 1,
  SignUpAttemptedOnExistingAccount: 1,
  PasswordResetRequested: 1,
  PasswordChanged: 1,
  AccountDeleted: 1,
  AccountClosed: 1,
  NewsletterSubscribed: 1,
  NewsletterConfirmed: 1,
  CartMerged: 1,
  OrderPlaced: 1,
  PaymentInstructionsIssued: 1,
  PaymentApproved: 1,
  PrepaidPlanPaid: 1,
  PaymentRejected: 1,
  PaymentInterrupted: 1,
  OrderExpired: 1,
  OrderCancelled: 1,
  PaymentRefundRequired: 1,
  PaymentNotified: 1,
  OrderProductionStarted: 1,
  OrderProduced: 1,
  OrderShipped: 1,
  OrderInTransit: 1,
  OrderDelivered: 1,
  ShipmentFailed: 1,
  PaidOrderCancelled: 1,
  RefundRequested: 1,
  OrderRefunded: 1,
  RefundFailed: 1,
  AfterSaleRequested: 1,
  AfterSaleDecided: 1,
  ReturnReceived: 1,
  OrderReleased: 1,
  DeliveryRated: 1,
  SubscriptionStarted: 1,
  SubscriptionActivated: 1,
  SubscriptionRenewed: 1,
  SubscriptionChargeFailed: 1,
  SubscriptionPaused: 1,
  SubscriptionResumed: 1,
  SubscriptionCancellationScheduled: 1,
  SubscriptionCancelled: 1,
  SubscriptionCardChanged: 1,
  PlanMonthOrderPlaced: 1,
  SubscriptionChargeRefundRequired: 1,
  AnnouncementPublished: 1,
  AnnouncementNotified: 1,
  SupportTicketOpened: 1,
  SupportReplySent: 1,
  AnnouncementEmailDue: 1,
  CharacterRevealed: 1,
  CharacterRevealEmailDue: 1,
  PixExpiringSoon: 1,
  TradeStepTold: 1,
  WaitlistOfferMade: 1,
}

export const EVENT_TYPES = Object.keys(EVENT_VERSIONS) as readonly EventType[]

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_VERSIONS, value)
}

/** Builds an event at its current version. */
export function domainEvent<T extends EventType>(
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
): Extract<DomainEvent, { type: T }> {
  return { type, version: EVENT_VERSIONS[type], aggregateId, payload } as Extract<DomainEvent, { type: T }>
}

/** An event as the outbox hands it to handlers: with its id and the instant it was recorded. */
export type RecordedEvent = DomainEvent & { readonly id: string; readonly occurredAt: number }
