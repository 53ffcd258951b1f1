/** Brazilian phone numbers as the 'Dados' tab and the checkout take them: DDD and 8 or 9 digits. */

export const PHONE_MESSAGE = "Telefone inválido: use DDD e número, por exemplo (11) 98765-4321"

/** The number as stored (10 or 11 digits, no country code), or null when it is not a Brazilian phone. */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "")
  return /^[1-9]{2}9?\d{8}$/.test(digits) ? digits : null
}

/** What the phone field shows while typing: "(11) 98765-4321", or "(11) 3456-7890" for a landline. */
export function maskPhoneInput(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 11)
  if (d.length === 0) return ""
  if (d.length <= 2) return `(${d}`
  const rest = d.slice(2)
  const split = d.length === 11 ? 5 : 4
  return rest.length <= split
    ? `(${d.slice(0, 2)}) ${rest}`
    : `(${d.slice(0, 2)}) ${rest.slice(0, split)}-${rest.slice(split)}`
}

/** A stored number for display; anything unexpected is shown as it is. */
export const formatPhone = (digits: string): string =>
  /^\d{10,11}$/.test(digits) ? maskPhoneInput(digits) : digits
