import { Effect } from "effect"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import type { Fulfilment } from "../../domain/fulfilment/fulfilment"
import { type Order, orderAsCustomerSees } from "../../domain/orders/order"
import type { EventHandler } from "../events"
import { contactOfEvent } from "../events"
import type { AccountData } from "../ports/AccountData"
import { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { deliverEmail } from "./deliverEmail"
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderRefundedEmail,
  orderShippedEmail,
  productionStartedEmail,
  withdrawalApprovedEmail,
  withdrawalReceivedEmail,
} from "./fulfilmentTemplates"
import { storeIdentity } from "./storeIdentity"
import type { EmailContent, StoreIdentity } from "./templates"

export const FULFILMENT_EMAIL_EVENTS = [
  "OrderProductionStarted",
  "OrderShipped",
  "OrderDelivered",
  "PaidOrderCancelled",
  "OrderRefunded",
  "AfterSaleRequested",
  "AfterSaleDecided",
] as const satisfies readonly DomainEvent["type"][]

type FulfilmentEmailEvent = Extract<DomainEvent, { type: (typeof FULFILMENT_EMAIL_EVENTS)[number] }>

const isFulfilmentEmailEvent = (event: RecordedEvent): event is RecordedEvent & FulfilmentEmailEvent =>
  (FULFILMENT_EMAIL_EVENTS as readonly string[]).includes(event.type)

type Letter = { template: string; content: EmailContent } | { skip: string }

/**
 * The order's way to the customer (type `shipment_update`): news the customer may choose to follow in-app only.
 * Cancellations, refunds and withdrawals are about money and rights: transactional, always sent.
 */
export const SHIPMENT_TEMPLATES: ReadonlySet<string> = new Set([
  "order-in-production",
  "order-shipped",
  "order-delivered",
])

/** The message an event calls for, written from the order as it is now (a stale event says nothing new). */
function letterFor(
  event: FulfilmentEmailEvent,
  order: Order,
  f: Fulfilment,
  recipient: { name: string; store: StoreIdentity },
): Letter {
  const input = { order, ...recipient }
  switch (event.type) {
    case "OrderProductionStarted":
      return { template: "order-in-production", content: productionStartedEmail(input) }
    case "OrderShipped": {
      const shipment = f.shipments.find((s) => s.id === event.payload.shipmentId)
      if (!shipment) return { skip: "the shipment is gone" }
      return { template: "order-shipped", content: orderShippedEmail({ ...input, shipment }) }
    }
    case "OrderDelivered":
      return { template: "order-delivered", content: orderDeliveredEmail(input) }
    case "PaidOrderCancelled": {
      const refund = f.refunds
        .filter((r) => r.reason === "cancellation")
        .reduce((sum, r) => sum + r.amount, 0)
      return { template: "order-cancelled", content: orderCancelledEmail({ ...input, refund }) }
    }
    case "OrderRefunded":
      return {
        template: "order-refunded",
        content: orderRefundedEmail({ ...input, amount: event.payload.amount, full: event.payload.full }),
      }
    case "AfterSaleRequested":
      if (event.payload.kind !== "withdrawal") return { skip: "only a withdrawal is acknowledged by e-mail" }
      return { template: "withdrawal-received", content: withdrawalReceivedEmail(input) }
    case "AfterSaleDecided": {
      const request = f.requests.find((r) => r.id === event.payload.requestId)
      if (event.payload.kind !== "withdrawal" || !event.payload.approved || !request)
        return { skip: "only an approved withdrawal is told by e-mail" }
      return {
        template: "withdrawal-approved",
        content: withdrawalApprovedEmail({ ...input, note: request.decisionNote }),
      }
    }
  }
}

/**
 * The after-payment e-mails: in production, shipped (code and links), delivered (asking for a rating),
 * cancelled, refunded, withdrawal received and approved. Keyed by event and template in the mail log, so a
 * redelivered event never writes twice; a retried action makes no second event (its action key).
 */
export const fulfilmentEmailsHandler: EventHandler<
  | AccountData
  | Clock
  | FulfilmentStore
  | Mailer
  | SentEmails
  | NotificationCenter
  | UnsubscribeTokens
  | StoreSettings
  | StoreSite
> = {
  name: "mail.fulfilment",
  on: FULFILMENT_EMAIL_EVENTS,
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (!isFulfilmentEmailEvent(event)) return
      const { orderId, userId } = event.payload
      const found = yield* (yield* FulfilmentStore).get(orderId)
      if (!found?.fulfilment)
        return yield* Effect.logWarning("fulfilment e-mail for an unknown or unpaid order")
      const contact = userId ? yield* contactOfEvent(userId) : null
      if (!contact) return yield* Effect.logInfo("fulfilment e-mail for an account that no longer exists")
      // Written to the customer: the order's characters as they may know them when it is sent.
      const order = orderAsCustomerSees(found.order, yield* (yield* Clock).now())
      const letter = letterFor(event, order, found.fulfilment, {
        name: contact.name,
        store: yield* storeIdentity,
      })
      if ("skip" in letter) return yield* Effect.logInfo(`fulfilment e-mail not sent: ${letter.skip}`)
      yield* deliverEmail({
        eventId: event.id,
        template: letter.template,
        to: contact.email,
        content: letter.content,
        ...(userId && SHIPMENT_TEMPLATES.has(letter.template)
          ? { topic: { userId, type: "shipment_update" as const } }
          : {}),
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
