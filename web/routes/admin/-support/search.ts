import { SUPPORT_CATEGORIES, TICKET_STATUSES } from "../../../../domain/support/tickets"
import { optionalEnum, optionalString } from "../../../lib/search"

export const INBOX_STATUSES = ["active", ...TICKET_STATUSES] as const

export interface InboxSearch {
  status?: (typeof INBOX_STATUSES)[number]
  category?: (typeof SUPPORT_CATEGORIES)[number]
  assignedTo?: string
  q?: string
  page?: number
}

const positive = (value: unknown) => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : undefined
}

/** Only what the server accepts stays in the URL; the inbox opens on the tickets not resolved. */
export function validateInboxSearch(search: Record<string, unknown>): InboxSearch {
  const found: InboxSearch = {
    status: optionalEnum(search.status, INBOX_STATUSES),
    category: optionalEnum(search.category, SUPPORT_CATEGORIES),
    assignedTo: optionalString(search.assignedTo, 64),
    q: optionalString(typeof search.q === "string" ? search.q.trim() : undefined, 120),
    page: positive(search.page),
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as InboxSearch
}

export const inboxInput = (search: InboxSearch) => ({
  status: search.status ?? ("active" as const),
  ...(search.category ? { category: search.category } : {}),
  ...(search.assignedTo ? { assignedTo: search.assignedTo } : {}),
  ...(search.q ? { search: search.q } : {}),
  page: search.page ?? 1,
  pageSize: 25,
})
