import { Effect } from "effect"
import type { RecordedEvent } from "../../domain/events"
import { TICKET_PROOF_PAGE_PATH } from "../../domain/support/addressProof"
import { ticketNumberLabel } from "../../domain/support/tickets"
import type { EventHandler } from "../events"
import { deliverEmail, storeIdentity, supportReplyEmail, ticketReceivedEmail } from "../mail"
import type { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import { SupportDesk } from "../ports/SupportDesk"
import { TicketProofTokens } from "../ports/TicketProofTokens"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"

/**
 * The support e-mails, to the ticket's address: the acknowledgement when it is opened (with the link that proves
 * a visitor's address, and skipped once the address reached its cap), and each staff answer. The mail log's
 * (event, template) key sends each once.
 */
export const supportEmailsHandler: EventHandler<
  | Clock
  | Mailer
  | NotificationCenter
  | SentEmails
  | StoreSettings
  | StoreSite
  | SupportDesk
  | TicketProofTokens
  | UnsubscribeTokens
> = {
  name: "mail.support",
  on: ["SupportTicketOpened", "SupportReplySent"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "SupportTicketOpened" && event.type !== "SupportReplySent") return
      const desk = yield* SupportDesk
      const ticket = yield* desk.find(event.payload.ticketId)
      if (!ticket) return yield* Effect.logInfo("support e-mail for a ticket that is gone")
      const store = yield* storeIdentity
      const number = ticketNumberLabel(ticket.number)
      if (event.type === "SupportTicketOpened") {
        // Only `false` skips: events recorded before the cap carry no flag.
        if (event.payload.acknowledge === false)
          return yield* Effect.logInfo("support acknowledgement not sent: the address reached its cap")
        const proofUrl =
          ticket.userId === null
            ? `${store.publicUrl.replace(/\/$/, "")}${TICKET_PROOF_PAGE_PATH}?token=${encodeURIComponent(
                (yield* TicketProofTokens).sign(ticket.id, ticket.email),
              )}`
            : null
        yield* deliverEmail({
          eventId: event.id,
          template: "support-ticket-received",
          to: ticket.email,
          content: ticketReceivedEmail({ number, subject: ticket.subject, proofUrl, store }),
        })
        return
      }
      const message = yield* desk.message(event.payload.messageId)
      if (message?.author !== "staff")
        return yield* Effect.logWarning("support reply e-mail for a message that is not a staff answer")
      yield* deliverEmail({
        eventId: event.id,
        template: "support-reply",
        to: ticket.email,
        content: supportReplyEmail({
          ownerName: yield* desk.ownerName(ticket),
          number,
          subject: ticket.subject,
          reply: message.body,
          store,
        }),
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
