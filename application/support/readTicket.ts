import { Effect } from "effect"
import { requireStaff } from "../admin"
import { Clock } from "../ports/Clock"
import { SupportDesk } from "../ports/SupportDesk"
import { TicketNotFound } from "./errors"
import { PERMISSION, supportStaff } from "./staffAccess"

/** One ticket for staff: the whole thread, internal notes included, and who it may be assigned to. */
export const readTicket = Effect.fn("Support.readTicket")(function* (ticketId: string) {
  yield* requireStaff(PERMISSION)
  const desk = yield* SupportDesk
  const ticket = yield* desk.find(ticketId)
  if (!ticket) return yield* new TicketNotFound()
  const order = ticket.orderId ? yield* desk.orderOwner(ticket.orderId) : null
  return {
    ticket: { ...ticket, orderNumber: order?.number ?? null },
    messages: yield* desk.thread(ticket.id, true),
    staff: yield* supportStaff,
    now: yield* (yield* Clock).now(),
  }
})
