import { Effect } from "effect"
import { TICKET_PROOF_TEXTS, ticketIdOfProofToken } from "../../domain/support/addressProof"
import { ticketNumberLabel } from "../../domain/support/tickets"
import { Clock } from "../ports/Clock"
import { SupportDesk } from "../ports/SupportDesk"
import { TicketProofTokens } from "../ports/TicketProofTokens"
import { UnitOfWork } from "../ports/UnitOfWork"
import { SupportRefused } from "./errors"

/**
 * The click on the acknowledgement's link: only the mailbox that received it holds the token, so it proves the
 * ticket's address, and a visitor's ticket then reaches the account that verified the same address. It can do
 * nothing else, so it needs no session; repeating it changes nothing. A ticket opened signed in already belongs
 * to its account and stays there.
 */
export const proveTicketAddress = Effect.fn("Support.proveTicketAddress")(function* (token: string) {
  const invalid = new SupportRefused({ message: TICKET_PROOF_TEXTS.invalid, field: "token" })
  const ticketId = ticketIdOfProofToken(token)
  if (!ticketId) return yield* invalid
  const desk = yield* SupportDesk
  const tokens = yield* TicketProofTokens
  const now = yield* (yield* Clock).now()
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const ticket = yield* desk.lock(ticketId)
      // A ticket that is gone answers like a forged token: the link tells nobody which tickets exist.
      if (!ticket || !tokens.verify(token, ticket.id, ticket.email)) return yield* invalid
      if (ticket.emailProvenAt === null) yield* desk.save({ ...ticket, emailProvenAt: now })
      return { number: ticketNumberLabel(ticket.number) }
    }),
  )
})
