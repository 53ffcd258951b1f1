/**
 * Support tickets (spec 002 §1–§3, §5, §8; decision 8: support is real). A ticket is opened by a visitor or a
 * customer, answered by staff in the admin area, and followed by the customer on /perfil (tab Suporte).
 * open → in_progress → waiting_customer → resolved; the customer's reply reopens, staff may set any status.
 */
export const SUPPORT_CATEGORIES = [
  "subscription",
  "shipping",
  "product",
  "payment",
  "account",
  "technical",
  "other",
] as const
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]

export const SUPPORT_CATEGORY_LABELS: Readonly<Record<SupportCategory, string>> = {
  subscription: "Assinatura",
  shipping: "Entrega",
  product: "Produto",
  payment: "Pagamento",
  account: "Conta",
  technical: "Problema técnico",
  other: "Outro",
}

export const TICKET_STATUSES = ["open", "in_progress", "waiting_customer", "resolved"] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  open: "Aberto",
  in_progress: "Em andamento",
  waiting_customer: "Aguardando cliente",
  resolved: "Resolvido",
}

export const isSupportCategory = (value: unknown): value is SupportCategory =>
  typeof value === "string" && (SUPPORT_CATEGORIES as readonly string[]).includes(value)

export const isTicketStatus = (value: unknown): value is TicketStatus =>
  typeof value === "string" && (TICKET_STATUSES as readonly string[]).includes(value)

/** Who wrote a message; a note is staff-only and never shown to the customer. */
export type MessageAuthor = "customer" | "staff" | "note"

export interface Ticket {
  readonly id: string
  /** From a database sequence; shown as '#1042'. */
  readonly number: number
  readonly userId: string | null
  readonly name: string
  /** Lower-cased. */
  readonly email: string
  readonly category: SupportCategory
  readonly subject: string
  readonly status: TicketStatus
  readonly orderId: string | null
  readonly assignedTo: string | null
  readonly createdAt: number
  readonly updatedAt: number
  readonly firstResponseAt: number | null
  readonly resolvedAt: number | null
  readonly lastMessageAt: number
  /** When the acknowledgement's link proved the address of a visitor's ticket; null until then. */
  readonly emailProvenAt: number | null
}

export interface TicketMessage {
  readonly id: string
  readonly ticketId: string
  readonly author: MessageAuthor
  readonly authorUserId: string | null
  /** The staff member's or customer's name as shown in the thread; null when the account is gone. */
  readonly authorName: string | null
  readonly body: string
  readonly createdAt: number
}

export const ticketNumberLabel = (number: number): string => `#${number}`

/** '#1042', '1042' → 1042; anything else is not a ticket number. */
export function parseTicketNumber(text: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(text.trim())
  return match ? Number(match[1]) : null
}

export const isClosed = (ticket: Pick<Ticket, "status">): boolean => ticket.status === "resolved"

/**
 * The customer wrote again: a resolved ticket or one waiting for them goes back to staff — to 'in_progress' when
 * staff already answered it once, else to 'open'. Open and in-progress tickets keep their status.
 */
export function afterCustomerReply(ticket: Ticket, now: number): Ticket {
  const status: TicketStatus =
    ticket.status === "resolved" || ticket.status === "waiting_customer"
      ? ticket.firstResponseAt === null
        ? "open"
        : "in_progress"
      : ticket.status
  return { ...ticket, status, resolvedAt: null, updatedAt: now, lastMessageAt: now }
}

/** Staff answered: the ticket waits for the customer; the first answer stops the 24-hour clock. */
export function afterStaffReply(ticket: Ticket, now: number): Ticket {
  return {
    ...ticket,
    status: "waiting_customer",
    firstResponseAt: ticket.firstResponseAt ?? now,
    resolvedAt: null,
    updatedAt: now,
    lastMessageAt: now,
  }
}

/** Staff set any status; resolving stamps the time, leaving 'resolved' clears it. */
export function withStatus(ticket: Ticket, status: TicketStatus, now: number): Ticket {
  return {
    ...ticket,
    status,
    resolvedAt: status === "resolved" ? (ticket.status === "resolved" ? ticket.resolvedAt : now) : null,
    updatedAt: now,
  }
}

export type CloseDecision =
  | { readonly ok: true; readonly ticket: Ticket }
  | { readonly ok: false; readonly reason: string }

/** The customer closes their own ticket ('Encerrar chamado'). */
export function closeByCustomer(ticket: Ticket, now: number): CloseDecision {
  if (ticket.status === "resolved") return { ok: false, reason: SUPPORT_MESSAGES.alreadyClosed }
  return { ok: true, ticket: withStatus(ticket, "resolved", now) }
}

/** Staff see tickets in the order they need attention: waiting on staff first, oldest promise first. */
export const NEEDS_STAFF: ReadonlySet<TicketStatus> = new Set(["open", "in_progress"])

export const SUPPORT_MESSAGES = {
  notFound: "Chamado não encontrado",
  alreadyClosed: "Este chamado já foi encerrado",
  orderNotYours: "Escolha um pedido seu",
  tooMany:
    "Você enviou muitos chamados em pouco tempo. Tente novamente em uma hora ou fale com a gente por e-mail.",
  notStaff: "Escolha alguém da equipe de atendimento",
} as const
