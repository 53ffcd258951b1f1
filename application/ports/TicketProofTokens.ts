import { Context } from "effect"

/**
 * The acknowledgement e-mail's link token: names one ticket, signed with the server's secret over the ticket and
 * its address, so it cannot be forged, moved to another ticket, or used for anything but proving that address.
 * A bearer credential: never log it.
 */
export class TicketProofTokens extends Context.Service<
  TicketProofTokens,
  {
    sign(ticketId: string, email: string): string
    /** False for a token this server did not sign for this ticket and address (tampered, another secret). */
    verify(token: string, ticketId: string, email: string): boolean
  }
>()("store/application/TicketProofTokens") {}
