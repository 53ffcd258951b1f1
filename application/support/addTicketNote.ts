import { Effect } from "effect"
import { Ids } from "../ports/Ids"
import { SupportDesk } from "../ports/SupportDesk"
import { audited, checkedBody, onLockedTicket } from "./staffAccess"

/** An internal note: staff only, never shown to the customer, never e-mailed. */
export const addTicketNote = Effect.fn("Support.addTicketNote")(function* (input: {
  readonly ticketId: string
  readonly body: string
}) {
  const body = yield* checkedBody(input.body)
  const messageId = yield* (yield* Ids).uuid()
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      yield* (yield* SupportDesk).addMessage({
        id: messageId,
        ticketId: ticket.id,
        author: "note",
        authorUserId: actor.id,
        body,
        createdAt: now,
      })
      yield* audited(actor, ticket, ticket, "note", { messageId })
      return { id: messageId }
    }),
  )
})
