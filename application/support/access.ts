import { Effect } from "effect"
import type { Ticket } from "../../domain/support/tickets"
import { NotSignedIn } from "../errors"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { TicketNotFound } from "./errors"

export const requireCustomer = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return viewer
})

/**
 * Whose ticket this is: the account that opened it, or — for a visitor's ticket, which no account holds yet — an
 * account whose verified e-mail is the ticket's: how a visitor's ticket reaches them once they sign up or in with
 * the same address. An unverified address proves nothing, and another account's ticket is never reached by its
 * e-mail.
 */
export const isOwnTicket = (ticket: Pick<Ticket, "userId" | "email">, viewer: Viewer): boolean =>
  ticket.userId === viewer.id ||
  (ticket.userId === null && viewer.emailVerified && ticket.email === viewer.email.trim().toLowerCase())

/** The ticket if the viewer owns it; anyone else's answers as if it did not exist. */
export const ownTicket = (ticket: Ticket | null, viewer: Viewer) =>
  ticket && isOwnTicket(ticket, viewer) ? Effect.succeed(ticket) : Effect.fail(new TicketNotFound())

/** The verified address a customer's list also reads, or null. */
export const verifiedEmail = (viewer: Viewer): string | null =>
  viewer.emailVerified ? viewer.email.trim().toLowerCase() : null
