import { Effect } from "effect"
import { replyProblem } from "../../domain/support/form"
import { afterCustomerReply, closeByCustomer } from "../../domain/support/tickets"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import { SupportDesk } from "../ports/SupportDesk"
import { UnitOfWork } from "../ports/UnitOfWork"
import { ownTicket, requireCustomer, verifiedEmail } from "./access"
import { SupportRefused } from "./errors"

/** /perfil?tab=support: the customer's tickets, by account or by their verified e-mail. */
export const listMyTickets = Effect.fn("Support.listMyTickets")(function* () {
  const viewer = yield* requireCustomer
  const rows = yield* (yield* SupportDesk).mine({ userId: viewer.id, email: verifiedEmail(viewer) })
  return rows.map(({ assignedTo: _a, assigneeName: _n, ...ticket }) => ticket)
})

/** The orders a signed-in customer may attach to a ticket on the support form. */
export const listMyOrdersForSupport = Effect.fn("Support.listMyOrdersForSupport")(function* () {
  const viewer = yield* requireCustomer
  return yield* (yield* SupportDesk).ordersOf(viewer.id)
})

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
        authorName: m.authorName,
        body: m.body,
        createdAt: m.createdAt,
      })),
  }
})

/**
 * The customer writes again: a resolved or waiting ticket goes back to staff. A visitor's ticket read through the
 * verified e-mail becomes the account's with the first reply.
 */
export const replyAsCustomer = Effect.fn("Support.replyAsCustomer")(function* (input: {
  readonly ticketId: string
  readonly body: string
}) {
  const viewer = yield* requireCustomer
  const problem = replyProblem(input.body)
  if (problem) return yield* new SupportRefused({ message: problem, field: "body" })
  const now = yield* (yield* Clock).now()
  const messageId = yield* (yield* Ids).uuid()
  const desk = yield* SupportDesk
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const ticket = yield* ownTicket(yield* desk.lock(input.ticketId), viewer)
      const next = { ...afterCustomerReply(ticket, now), userId: ticket.userId ?? viewer.id }
      yield* desk.addMessage({
        id: messageId,
        ticketId: ticket.id,
        author: "customer",
        authorUserId: viewer.id,
        body: input.body.trim(),
        createdAt: now,
      })
      yield* desk.save(next)
      return { status: next.status }
    }),
  )
})

/** 'Encerrar chamado': the customer marks their ticket resolved. */
export const closeAsCustomer = Effect.fn("Support.closeAsCustomer")(function* (ticketId: string) {
  const viewer = yield* requireCustomer
  const now = yield* (yield* Clock).now()
  const desk = yield* SupportDesk
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const ticket = yield* ownTicket(yield* desk.lock(ticketId), viewer)
      const decision = closeByCustomer(ticket, now)
      if (!decision.ok) return yield* new SupportRefused({ message: decision.reason })
      yield* desk.save(decision.ticket)
      return { status: decision.ticket.status }
    }),
  )
})
