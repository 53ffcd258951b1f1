import { Effect } from "effect"
import { replyProblem } from "../../domain/support/form"
import { afterCustomerReply } from "../../domain/support/tickets"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import { SupportDesk } from "../ports/SupportDesk"
import { UnitOfWork } from "../ports/UnitOfWork"
import { ownTicket, requireCustomer } from "./access"
import { SupportRefused } from "./errors"

/**
 * The customer writes again: a resolved or waiting ticket goes back to staff. A visitor's ticket read through the
 * verified e-mail (its address proven by the acknowledgement's link) becomes the account's with the first reply.
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
