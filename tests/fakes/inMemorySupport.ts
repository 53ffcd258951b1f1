import { Effect, Layer } from "effect"
import type { StaffCandidate, TicketRow } from "../../application/ports/SupportDesk"
import { SupportDesk } from "../../application/ports/SupportDesk"
import { parseTicketNumber, type Ticket, type TicketMessage } from "../../domain/support/tickets"
import type { Transactional } from "./inMemoryEvents"

const RANK = { open: 0, in_progress: 1, waiting_customer: 2, resolved: 3 } as const

/** Support tickets in memory, with the Postgres adapter's answers; rolls back with the unit of work it joins. */
export function inMemorySupport(
  options: {
    orders?: Readonly<Record<string, { userId: string; number: string }>>
    staff?: readonly StaffCandidate[]
    names?: Readonly<Record<string, string>>
    /** The store's accounts, for the name a ticket's owner is greeted by. */
    accounts?: readonly { id: string; name: string; email: string; emailVerified: boolean }[]
  } = {},
) {
  let tickets: Ticket[] = []
  let messages: Omit<TicketMessage, "authorName">[] = []
  let sequence = 1000
  const names = { ...options.names, ...Object.fromEntries((options.staff ?? []).map((s) => [s.id, s.name])) }
  const participant: Transactional = {
    snapshot: () => {
      const saved = { tickets: [...tickets], messages: [...messages], sequence }
      return () => {
        tickets = saved.tickets
        messages = saved.messages
        sequence = saved.sequence
      }
    },
  }
  const named = (m: Omit<TicketMessage, "authorName">): TicketMessage => ({
    ...m,
    authorName: m.authorUserId ? (names[m.authorUserId] ?? null) : null,
  })
  const row = (t: Ticket): TicketRow => ({
    ...t,
    assigneeName: t.assignedTo ? (names[t.assignedTo] ?? null) : null,
  })
  const find = (id: string) => Effect.sync(() => tickets.find((t) => t.id === id) ?? null)
  const desk = SupportDesk.of({
    open: (ticket, first) =>
      Effect.sync(() => {
        sequence += 1
        tickets.push({ ...ticket, number: sequence })
        messages.push(first)
        return sequence
      }),
    find,
    lock: find,
    save: (ticket) =>
      Effect.sync(() => {
        tickets = tickets.map((t) => (t.id === ticket.id ? ticket : t))
      }),
    addMessage: (message) => Effect.sync(() => void messages.push(message)),
    message: (id) =>
      Effect.sync(() => {
        const m = messages.find((x) => x.id === id)
        return m ? named(m) : null
      }),
    thread: (ticketId, withNotes) =>
      Effect.sync(() =>
        messages.filter((m) => m.ticketId === ticketId && (withNotes || m.author !== "note")).map(named),
      ),
    mine: ({ userId, email }) =>
      Effect.sync(() =>
        tickets
          .filter(
            (t) =>
              t.userId === userId ||
              (t.userId === null && t.emailProvenAt !== null && email !== null && t.email === email),
          )
          .sort((a, b) => b.lastMessageAt - a.lastMessageAt)
          .map(row),
      ),
    inbox: (query) =>
      Effect.sync(() => {
        const search = query.search?.trim().toLowerCase()
        const number = search ? parseTicketNumber(search) : null
        const matching = tickets
          .filter((t) =>
            query.status === "active" ? t.status !== "resolved" : !query.status || t.status === query.status,
          )
          .filter((t) => !query.category || t.category === query.category)
          .filter((t) =>
            query.assignedTo === "none"
              ? t.assignedTo === null
              : !query.assignedTo || t.assignedTo === query.assignedTo,
          )
          .filter(
            (t) =>
              !search ||
              t.number === number ||
              t.email.includes(search) ||
              t.subject.toLowerCase().includes(search),
          )
          .sort(
            (a, b) =>
              RANK[a.status] - RANK[b.status] || a.lastMessageAt - b.lastMessageAt || a.number - b.number,
          )
        const start = (query.page - 1) * query.pageSize
        return { rows: matching.slice(start, start + query.pageSize).map(row), total: matching.length }
      }),
    counts: (lateBefore) =>
      Effect.sync(() => {
        const open = tickets.filter((t) => t.status !== "resolved")
        return {
          open: open.length,
          late: open.filter((t) => t.firstResponseAt === null && t.createdAt < lateBefore).length,
        }
      }),
    ownerName: (ticket) =>
      Effect.sync(() => {
        const accounts = options.accounts ?? []
        if (ticket.userId !== null) return accounts.find((a) => a.id === ticket.userId)?.name ?? null
        if (ticket.emailProvenAt === null) return null
        return accounts.find((a) => a.emailVerified && a.email.toLowerCase() === ticket.email)?.name ?? null
      }),
    orderOwner: (orderId) => Effect.sync(() => options.orders?.[orderId] ?? null),
    staffCandidates: () => Effect.sync(() => options.staff ?? []),
  })
  return {
    participant,
    tickets: () => tickets,
    messages: () => messages,
    layer: Layer.succeed(SupportDesk, desk),
  }
}
