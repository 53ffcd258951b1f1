import { Effect } from "effect"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import { type Order, orderAsCustomerSees } from "../../domain/orders/order"
import type { EventHandler } from "../events"
import { contactOfEvent, orderOfEvent } from "../events"
import type { AccountData } from "../ports/AccountData"
import { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import { OrderStore } from "../ports/OrderStore"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { deliverEmail } from "./deliverEmail"
import {
  boletoInstructionsEmail,
  orderExpiredEmail,
  orderReceivedEmail,
  paymentApprovedEmail,
  paymentInterruptedEmail,
  paymentRejectedEmail,
  pixInstructionsEmail,
} from "./orderTemplates"
import { storeIdentity } from "./storeIdentity"
import type { EmailContent, StoreIdentity } from "./templates"

export const ORDER_EMAIL_EVENTS = [
  "OrderPlaced",
  "PaymentInstructionsIssued",
  "PaymentApproved",
  "PaymentRejected",
  "PaymentInterrupted",
  "OrderExpired",
] as const satisfies readonly DomainEvent["type"][]

type OrderEmailEvent = Extract<DomainEvent, { type: (typeof ORDER_EMAIL_EVENTS)[number] }>

const isOrderEmailEvent = (event: RecordedEvent): event is RecordedEvent & OrderEmailEvent =>
  (ORDER_EMAIL_EVENTS as readonly string[]).includes(event.type)

/** The message an event calls for, or why none is sent: the order is read now, so a stale event says nothing. */
type Letter = { template: string; content: EmailContent } | { skip: string }

const letterFor = Effect.fnUntraced(function* (
  event: OrderEmailEvent,
  order: Order,
  recipient: { name: string; store: StoreIdentity },
): Effect.fn.Return<Letter, never, OrderStore> {
  const input = { order, ...recipient }
  switch (event.type) {
    case "OrderPlaced": {
      // It asks the customer to finish paying, which only a PIX, a boleto or Mercado Pago's page leave to do.
      if (order.status !== "awaiting_payment") return { skip: "the payment's outcome is the news" }
      // A card is charged after this event commits, so the order read here may still await an approval that is
      // on its way: its status cannot decide. The card attempt, committed with the event, does: a card's
      // outcome (approved, refused, or expired after a review) has its own e-mail.
      const attempt = order.currentAttemptId
        ? yield* (yield* OrderStore).getAttempt(order.currentAttemptId)
        : null
      if (attempt?.method === "card") return { skip: "a card's outcome is the news" }
      return { template: "order-received", content: orderReceivedEmail(input) }
    }
    case "PaymentInstructionsIssued": {
      if (order.status !== "awaiting_payment" || order.currentAttemptId !== event.payload.paymentId)
        return { skip: "the order no longer waits for this payment" }
      const attempt = yield* (yield* OrderStore).getAttempt(event.payload.paymentId)
      const { amount } = event.payload
      if (attempt?.pix)
        return {
          template: "payment-pix",
          content: pixInstructionsEmail({ ...input, pix: attempt.pix, amount }),
        }
      if (attempt?.boleto)
        return {
          template: "payment-boleto",
          content: boletoInstructionsEmail({ ...input, boleto: attempt.boleto, amount }),
        }
      return { skip: "the attempt has no PIX code or boleto" }
    }
    case "PaymentApproved":
      if (order.status !== "paid") return { skip: "the order is not paid" }
      return {
        template: "payment-approved",
        content: paymentApprovedEmail({ ...input, payment: event.payload }),
      }
    case "PaymentRejected": {
      // A newer attempt, or the order's end, makes a refusal old news; a PIX or boleto cancelled on expiry is
      // told by the expiry message instead.
      if (order.status !== "rejected" || order.currentAttemptId !== event.payload.paymentId)
        return { skip: "the order moved on since the refusal" }
      const attempt = yield* (yield* OrderStore).getAttempt(event.payload.paymentId)
      if (attempt?.status === "cancelled") return { skip: "the payment was cancelled, not refused" }
      return {
        template: "payment-rejected",
        content: paymentRejectedEmail({ ...input, statusDetail: event.payload.statusDetail }),
      }
    }
    case "PaymentInterrupted": {
      // Sent because the customer left a checkout that failed without knowing whether they were charged; a retry
      // since (a new attempt, a payment that turned up after all) makes it old news.
      const attempt =
        order.status === "awaiting_payment" && order.currentAttemptId === event.payload.paymentId
          ? yield* (yield* OrderStore).getAttempt(event.payload.paymentId)
          : null
      if (attempt?.status !== "interrupted") return { skip: "the order moved on since the interruption" }
      return { template: "payment-interrupted", content: paymentInterruptedEmail(input) }
    }
    case "OrderExpired":
      // A late payment may have revived the order; then the approval is the news.
      if (order.status !== "expired") return { skip: "the order is no longer expired" }
      return { template: "order-expired", content: orderExpiredEmail(input) }
  }
})

/**
 * The order e-mails: order received, how to pay a PIX or boleto, payment approved or refused, a payment that
 * never reached the gateway (to pay again), order expired.
 * Events carry ids only; the order, its attempt and the customer's address are read when the message is written.
 */
export const orderEmailsHandler: EventHandler<
  | AccountData
  | Clock
  | Mailer
  | OrderStore
  | SentEmails
  | NotificationCenter
  | UnsubscribeTokens
  | StoreSettings
  | StoreSite
> = {
  name: "mail.orders",
  on: ORDER_EMAIL_EVENTS,
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (!isOrderEmailEvent(event)) return
      const { orderId, userId } = event.payload
      const order = yield* orderOfEvent(orderId)
      if (!order) return yield* Effect.logWarning("order e-mail for an unknown order")
      const contact = userId ? yield* contactOfEvent(userId) : null
      if (!contact) return yield* Effect.logInfo("order e-mail for an account that no longer exists")
      // Written to the customer: the order's characters as they may know them when it is sent.
      const shown = orderAsCustomerSees(order, yield* (yield* Clock).now())
      const letter = yield* letterFor(event, shown, { name: contact.name, store: yield* storeIdentity })
      if ("skip" in letter) return yield* Effect.logInfo(`order e-mail not sent: ${letter.skip}`)
      yield* deliverEmail({
        eventId: event.id,
        template: letter.template,
        to: contact.email,
        content: letter.content,
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
