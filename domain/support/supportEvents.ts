import type { EventOf } from "../events"

export type SupportEvent =
  /** A ticket was opened; the author gets the acknowledgement e-mail. */
  | EventOf<"SupportTicketOpened", { readonly ticketId: string }>
  /** Staff answered; the customer gets the answer by e-mail. */
  | EventOf<"SupportReplySent", { readonly ticketId: string; readonly messageId: string }>
