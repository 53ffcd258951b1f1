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
