import { cpfDigits } from "./cpf"

/**
 * What an administrator typed in the order search, read every way it could be meant: an order number, our
 * tracking code or a carrier's code (one upper-case token), a CPF (11 digits, masked or not) or an e-mail.
 * Each reading is an exact, indexed lookup; a text that fits none is null.
 */
export interface OrderSearch {
  /** Upper case, no spaces: matches the number, our tracking code and a carrier's code. */
  readonly code: string | null
  readonly cpf: string | null
  /** Lower case, as accounts keep it. */
  readonly email: string | null
}

export const ORDER_SEARCH_MAX = 120

export function readOrderSearch(raw: string): OrderSearch | null {
  const text = raw.trim()
  if (!text) return null
  if (text.includes("@")) return { code: null, cpf: null, email: text.toLowerCase() }
  const digits = cpfDigits(text)
  const cpf = /^[\d.\-\s]+$/.test(text) && digits.length === 11 ? digits : null
  const code = text.toUpperCase().replace(/\s+/g, "")
  return { code: /^[A-Z0-9-]{3,60}$/.test(code) ? code : null, cpf, email: null }
}

/** How the order administration may sort its list (each backed by an index). */
export const ADMIN_ORDER_SORTS = ["recent", "oldest", "total_desc", "total_asc"] as const
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number]

export const ADMIN_ORDER_SORT_LABEL: Readonly<Record<AdminOrderSort, string>> = {
  recent: "Mais recentes",
  oldest: "Mais antigos",
  total_desc: "Maior valor",
  total_asc: "Menor valor",
}

export const ADMIN_ORDER_PAGE_SIZES = [10, 25, 50, 100] as const
export const ADMIN_ORDER_DEFAULT_PAGE_SIZE = 25
