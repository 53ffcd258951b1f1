import { Effect } from "effect"
import { parseIsoDay } from "../../domain/calendar"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import type { NotificationType } from "../../domain/notifications/announcement"
import { NOTICES, type NoticeText, orderPath, SUBSCRIPTION_PATH } from "../../domain/notifications/messages"
import type { EventHandler } from "../events"
import { CatalogRepository } from "../ports/CatalogRepository"
import type { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { StoreSite } from "../ports/StoreSite"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { notify } from "./notify"

export const IN_APP_NOTIFICATION_EVENTS = [
  "OrderProductionStarted",
  "OrderShipped",
  "OrderDelivered",
  "SubscriptionRenewed",
  "SubscriptionChargeFailed",
  "SubscriptionPaused",
] as const satisfies readonly DomainEvent["type"][]

type InAppEvent = Extract<DomainEvent, { type: (typeof IN_APP_NOTIFICATION_EVENTS)[number] }>

const isInAppEvent = (event: RecordedEvent): event is RecordedEvent & InAppEvent =>
  (IN_APP_NOTIFICATION_EVENTS as readonly string[]).includes(event.type)

interface Notice {
  readonly userId: string
  readonly type: NotificationType
  readonly text: NoticeText
  readonly actionUrl: string
  readonly key: string
  readonly metadata: Record<string, unknown>
}

/** The order's way to the customer (type shipment_update), linked to the customer's order page. */
const orderNotice = Effect.fnUntraced(function* (event: RecordedEvent & InAppEvent) {
  if (!("orderId" in event.payload) || !event.payload.userId) return null
  const { orderId, userId } = event.payload
  const found = yield* (yield* FulfilmentStore).get(orderId)
  if (!found) return null
  const number = found.order.number
  const base = { userId, type: "shipment_update" as const, actionUrl: orderPath(orderId) }
  switch (event.type) {
    case "OrderProductionStarted":
      return {
        ...base,
        text: NOTICES.orderInProduction(number),
        key: `order-in-production:${orderId}`,
        metadata: { orderId },
      } satisfies Notice
    case "OrderShipped":
      return {
        ...base,
        text: NOTICES.orderShipped(number, event.payload),
        key: `order-shipped:${event.payload.shipmentId}`,
        metadata: { orderId, shipmentId: event.payload.shipmentId, trackingCode: event.payload.trackingCode },
      } satisfies Notice
    case "OrderDelivered":
      return {
        ...base,
        text: NOTICES.orderDelivered(number),
        key: `order-delivered:${event.payload.shipmentId}`,
        metadata: { orderId, shipmentId: event.payload.shipmentId },
      } satisfies Notice
    default:
      return null
  }
})

/** Billing news of a subscription (type billing), linked to the subscription tab; stale news is not told. */
const subscriptionNotice = Effect.fnUntraced(function* (event: RecordedEvent & InAppEvent) {
  if (!("subscriptionId" in event.payload)) return null
  const subscription = yield* (yield* SubscriptionStore).get(event.payload.subscriptionId)
  if (!subscription) return null
  const collection = yield* (yield* CatalogRepository).findCollection(subscription.collectionId)
  const collectionName = collection?.name ?? "sua coleção"
  const base = {
    userId: subscription.userId,
    type: "billing" as const,
    actionUrl: SUBSCRIPTION_PATH,
    metadata: { subscriptionId: subscription.id },
  }
  switch (event.type) {
    case "SubscriptionRenewed":
      return {
        ...base,
        text: NOTICES.subscriptionRenewed(collectionName, event.payload.amount),
        key: `subscription-renewed:${event.payload.chargeId}`,
      } satisfies Notice
    case "SubscriptionChargeFailed": {
      // As the e-mail: the last refusal is told by the pause, and a retry that worked makes it old news.
      const retryOn = event.payload.retryOn ? parseIsoDay(event.payload.retryOn) : null
      if (!retryOn || subscription.status !== "past_due") return null
      return {
        ...base,
        text: NOTICES.subscriptionChargeFailed(collectionName, retryOn),
        key: `subscription-charge-failed:${event.payload.chargeId}`,
      } satisfies Notice
    }
    case "SubscriptionPaused":
      if (event.payload.by !== "dunning" || subscription.status !== "paused") return null
      return {
        ...base,
        text: NOTICES.subscriptionPausedByDunning(collectionName),
        key: `subscription-paused-dunning:${event.id}`,
      } satisfies Notice
    default:
      return null
  }
})

/**
 * The header's list for the order's way (in production, shipped with its tracking code, delivered) and the
 * subscription's billing (renewed, a charge refused, paused after the last refusal). Transactional: the
 * notification commits with the mark that the handler ran, and its key stores it once even if the same news
 * comes again (a redelivered event, a repeated shipment). The customer's in-app choice is honoured by `notify`;
 * the e-mails of the same events are mail.fulfilment's and mail.subscriptions'.
 */
export const inAppNotificationsHandler: EventHandler<
  CatalogRepository | Clock | FulfilmentStore | NotificationCenter | StoreSite | SubscriptionStore
> = {
  name: "notifications.fromEvents",
  on: IN_APP_NOTIFICATION_EVENTS,
  mode: "transactional",
  handle: (event) =>
    Effect.gen(function* () {
      if (!isInAppEvent(event)) return
      const notice = event.type.startsWith("Order")
        ? yield* orderNotice(event)
        : yield* subscriptionNotice(event)
      if (!notice) return
      yield* notify({
        userId: notice.userId,
        type: notice.type,
        title: notice.text.title,
        message: notice.text.message,
        actionUrl: notice.actionUrl,
        metadata: notice.metadata,
        key: notice.key,
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
