import { Effect } from "effect"
import { SUPPORT_MESSAGES, type Ticket } from "../../domain/support/tickets"
import { requireStaff } from "../admin"
import { SupportDesk } from "../ports/SupportDesk"
import { SupportRefused } from "./errors"
import { audited, onLockedTicket, PERMISSION, supportStaff } from "./staffAccess"

/** Gives the ticket to someone who answers support, or to nobody. */
export const assignTicket = Effect.fn("Support.assignTicket")(function* (input: {
  readonly ticketId: string
  readonly assigneeId: string | null
}) {
  yield* requireStaff(PERMISSION)
  if (input.assigneeId !== null) {
    const staff = yield* supportStaff
    if (!staff.some((s) => s.id === input.assigneeId))
      return yield* new SupportRefused({ message: SUPPORT_MESSAGES.notStaff, field: "assigneeId" })
  }
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      const next: Ticket = { ...ticket, assignedTo: input.assigneeId, updatedAt: now }
      yield* (yield* SupportDesk).save(next)
      yield* audited(actor, ticket, next, "assign")
      return { assignedTo: next.assignedTo }
    }),
  )
})
