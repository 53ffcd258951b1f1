import { Effect } from "effect"
import { ownsTicket } from "../../domain/support/addressProof"
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
 * The ticket if the viewer owns it (the domain's rule: an unproven visitor's ticket belongs to no account);
 * anyone else's answers as if it did not exist.
 */
export const ownTicket = (ticket: Ticket | null, viewer: Viewer) =>
  ticket && ownsTicket(ticket, viewer) ? Effect.succeed(ticket) : Effect.fail(new TicketNotFound())

/** The verified address a customer's list also reads, or null. */
export const verifiedEmail = (viewer: Viewer): string | null =>
  viewer.emailVerified ? viewer.email.trim().toLowerCase() : null
