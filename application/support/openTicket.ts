import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { ACKNOWLEDGEMENTS_PER_RECIPIENT, acknowledgementKey } from "../../domain/support/addressProof"
import { validateTicketForm } from "../../domain/support/form"
import { SUPPORT_MESSAGES, type Ticket, ticketNumberLabel } from "../../domain/support/tickets"
import { limitRequests } from "../abuse"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import { RateLimiter } from "../ports/RateLimiter"
import { SupportDesk } from "../ports/SupportDesk"
import { UnitOfWork } from "../ports/UnitOfWork"
import { SupportRefused } from "./errors"

export const TICKETS_PER_ADDRESS = {
  bucket: "support-ticket",
  max: 5,
  windowMs: 60 * 60_000,
  message: SUPPORT_MESSAGES.tooMany,
} as const

export interface OpenTicketInput {
  readonly name: string
  readonly email: string
  readonly category: string
  readonly subject: string
  readonly description: string
  readonly orderId?: string | null | undefined
  /** The form's hidden spam trap: people leave it empty, bots fill it. */
  readonly website?: string | undefined
}

/**
 * The support page's form (spec 002 §2, §3, §5, §8), for visitors and customers alike: a signed-in customer's
 * ticket belongs to their account; a visitor's belongs to no account until the acknowledgement's link proves its
 * address. Five valid tickets an hour per client address; a filled spam trap is answered like a success and
 * stores nothing. An attached order must be the author's own. The acknowledgement e-mail follows from the event,
 * committed with the ticket — unless the e-mail address already received its cap of acknowledgements: anyone can
 * type anyone's address, so the ticket is stored but the address is not flooded.
 */
export const openTicket = Effect.fn("Support.openTicket")(function* (input: OpenTicketInput) {
  if ((input.website ?? "").trim() !== "") return { id: null, number: null }
  const checked = validateTicketForm(input)
  if (!checked.ok) {
    const [field, message] = Object.entries(checked.errors)[0] ?? ["description", ""]
    return yield* new SupportRefused({ message, field })
  }
  // Counted once the form is valid: a person correcting a field does not use up their tickets.
  yield* limitRequests(TICKETS_PER_ADDRESS)
  const { viewer } = yield* CurrentUser
  const desk = yield* SupportDesk
  const orderId = input.orderId ?? null
  if (orderId !== null) {
    const owner = viewer ? yield* desk.orderOwner(orderId) : null
    if (!viewer || !owner || owner.userId !== viewer.id)
      return yield* new SupportRefused({ message: SUPPORT_MESSAGES.orderNotYours, field: "orderId" })
  }
  const acknowledge = yield* (yield* RateLimiter).hit(
    acknowledgementKey(checked.value.email),
    ACKNOWLEDGEMENTS_PER_RECIPIENT.max,
    ACKNOWLEDGEMENTS_PER_RECIPIENT.windowMs,
  )
  const now = yield* (yield* Clock).now()
  const ids = yield* Ids
  const id = yield* ids.uuid()
  const messageId = yield* ids.uuid()
  const { value } = checked
  const ticket: Omit<Ticket, "number"> = {
    id,
    userId: viewer?.id ?? null,
    name: value.name,
    email: value.email,
    category: value.category,
    subject: value.subject,
    status: "open",
    orderId,
    assignedTo: null,
    createdAt: now,
    updatedAt: now,
    firstResponseAt: null,
    resolvedAt: null,
    lastMessageAt: now,
    emailProvenAt: null,
  }
  const number = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const number = yield* desk.open(ticket, {
        id: messageId,
        ticketId: id,
        author: "customer",
        authorUserId: viewer?.id ?? null,
        body: value.description,
        createdAt: now,
      })
      yield* (yield* EventOutbox).record([
        domainEvent("SupportTicketOpened", id, { ticketId: id, acknowledge }),
      ])
      return number
    }),
  )
  return { id, number: ticketNumberLabel(number) }
})
