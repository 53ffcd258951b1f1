import type { EventOf } from "../events"

export type SupportEvent =
  /**
   * A ticket was opened; the address gets the acknowledgement e-mail unless `acknowledge` is false (the address
   * received its cap of acknowledgements). Events recorded before the cap carry no flag and are acknowledged.
   */
  | EventOf<"SupportTicketOpened", { readonly ticketId: string; readonly acknowledge: boolean }>
  /** Staff answered; the customer gets the answer by e-mail. */
  | EventOf<"SupportReplySent", { readonly ticketId: string; readonly messageId: string }>
