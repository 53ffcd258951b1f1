import { Effect } from "effect"
import { type TicketStatus, withStatus } from "../../domain/support/tickets"
import { SupportDesk } from "../ports/SupportDesk"
import { audited, onLockedTicket } from "./staffAccess"

/** Staff set any status. */
export const setTicketStatus = Effect.fn("Support.setTicketStatus")(function* (input: {
  readonly ticketId: string
  readonly status: TicketStatus
}) {
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      if (ticket.status === input.status) return { status: ticket.status }
      const next = withStatus(ticket, input.status, now)
      yield* (yield* SupportDesk).save(next)
      yield* audited(actor, ticket, next, "set_status")
      return { status: next.status }
    }),
  )
})
