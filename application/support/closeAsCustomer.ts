import { Effect } from "effect"
import { closeByCustomer } from "../../domain/support/tickets"
import { Clock } from "../ports/Clock"
import { SupportDesk } from "../ports/SupportDesk"
import { UnitOfWork } from "../ports/UnitOfWork"
import { ownTicket, requireCustomer } from "./access"
import { SupportRefused } from "./errors"

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
