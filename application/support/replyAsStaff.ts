import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { afterStaffReply } from "../../domain/support/tickets"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import { SupportDesk } from "../ports/SupportDesk"
import { audited, checkedBody, onLockedTicket } from "./staffAccess"

/**
 * Staff answer: in the thread and by e-mail to the customer (the event commits with the message); the ticket
 * then waits for the customer, and the first answer stops the 24-hour clock.
 */
export const replyAsStaff = Effect.fn("Support.replyAsStaff")(function* (input: {
  readonly ticketId: string
  readonly body: string
}) {
  const body = yield* checkedBody(input.body)
  const messageId = yield* (yield* Ids).uuid()
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      const desk = yield* SupportDesk
      const next = afterStaffReply(ticket, now)
      yield* desk.addMessage({
        id: messageId,
        ticketId: ticket.id,
        author: "staff",
        authorUserId: actor.id,
        body,
        createdAt: now,
      })
      yield* desk.save(next)
      yield* (yield* EventOutbox).record([
        domainEvent("SupportReplySent", ticket.id, { ticketId: ticket.id, messageId }),
      ])
      yield* audited(actor, ticket, next, "reply", { messageId })
      return { status: next.status }
    }),
  )
})
