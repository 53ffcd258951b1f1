import { Context, type Effect } from "effect"
import type { SupportCategory, Ticket, TicketMessage, TicketStatus } from "../../domain/support/tickets"

/** A ticket as lists show it: with the assignee's name. */
export interface TicketRow extends Ticket {
  readonly assigneeName: string | null
}

export interface InboxQuery {
  readonly status?: TicketStatus | "active" | undefined
  readonly category?: SupportCategory | undefined
  /** An assignee's user id, or 'none' for tickets nobody took. */
  readonly assignedTo?: string | undefined
  /** A ticket number ('#1042' or '1042'), or part of the e-mail or of the subject. */
  readonly search?: string | undefined
  readonly page: number
  readonly pageSize: number
}

/** Who may be given a ticket: accounts that may resolve to staff (role resolution decides). */
export interface StaffCandidate {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly metadataRole: string | null
  readonly appRole: string | null
}

/**
 * Support tickets and their threads. Joins the ambient unit of work; `lock` holds the ticket's row until it ends,
 * so two replies at once apply one after the other.
 */
export class SupportDesk extends Context.Service<
  SupportDesk,
  {
    /** Stores the ticket and its first message; answers the number the sequence gave it. */
    open(ticket: Omit<Ticket, "number">, first: Omit<TicketMessage, "authorName">): Effect.Effect<number>
    find(id: string): Effect.Effect<Ticket | null>
    lock(id: string): Effect.Effect<Ticket | null>
    save(ticket: Ticket): Effect.Effect<void>
    addMessage(message: Omit<TicketMessage, "authorName">): Effect.Effect<void>
    message(id: string): Effect.Effect<TicketMessage | null>
    /** The thread, oldest first; internal notes only when `withNotes`. */
    thread(ticketId: string, withNotes: boolean): Effect.Effect<readonly TicketMessage[]>
    /**
     * Tickets of the account, and visitors' tickets (no account) whose address `email` — a verified address of
     * the account — was proven through the acknowledgement's link; newest activity first.
     */
    mine(owner: {
      readonly userId: string
      readonly email: string | null
    }): Effect.Effect<readonly TicketRow[]>
    /** The staff inbox, paged in SQL: tickets waiting on staff first, then by the oldest last message. */
    inbox(query: InboxQuery): Effect.Effect<{ readonly rows: readonly TicketRow[]; readonly total: number }>
    /** Tickets not resolved, and those of them still unanswered and created before `lateBefore`. */
    counts(lateBefore: number): Effect.Effect<{ readonly open: number; readonly late: number }>
    /**
     * The name of the account the ticket belongs to (domain/support/addressProof.ts `ownsTicket`): the account that
     * opened it, or, for a visitor's ticket whose address was proven, the account that verified that address;
     * null when it belongs to none (the name typed on the form proves nothing).
     */
    ownerName(ticket: Pick<Ticket, "userId" | "email" | "emailProvenAt">): Effect.Effect<string | null>
    orderOwner(
      orderId: string,
    ): Effect.Effect<{ readonly userId: string | null; readonly number: string } | null>
    staffCandidates(emails: readonly string[]): Effect.Effect<readonly StaffCandidate[]>
  }
>()("store/application/SupportDesk") {}
