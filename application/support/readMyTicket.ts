import { Effect } from "effect"
import { SupportDesk } from "../ports/SupportDesk"
import { ownTicket, requireCustomer } from "./access"

/** One of the customer's tickets with its conversation: customer and staff messages, never internal notes. */
export const readMyTicket = Effect.fn("Support.readMyTicket")(function* (ticketId: string) {
  const viewer = yield* requireCustomer
  const desk = yield* SupportDesk
  const { assignedTo: _a, ...ticket } = yield* ownTicket(yield* desk.find(ticketId), viewer)
  const messages = yield* desk.thread(ticket.id, false)
  const order = ticket.orderId ? yield* desk.orderOwner(ticket.orderId) : null
  return {
    ticket: { ...ticket, orderNumber: order?.number ?? null },
    messages: messages
      .filter((m) => m.author !== "note")
      .map((m) => ({
        id: m.id,
        author: m.author,
        // Staff answer as the store: their names stay in the admin area.
        authorName: m.author === "customer" ? m.authorName : null,
        body: m.body,
        createdAt: m.createdAt,
      })),
  }
})
