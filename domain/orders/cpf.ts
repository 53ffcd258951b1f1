/** CPF (the individual taxpayer number) as Mercado Pago and invoices need it: 11 digits with two check digits. */

export const CPF_MESSAGES = {
  required: "CPF é obrigatório",
  invalid: "CPF inválido",
} as const

export const cpfDigits = (raw: string): string => raw.replace(/\D/g, "")

function checkDigit(digits: string, length: number): number {
  let total = 0
  for (let i = 0; i < length; i++) total += Number(digits[i]) * (length + 1 - i)
  const rest = total % 11
  return rest < 2 ? 0 : 11 - rest
}

/** Valid when, without its mask, it has 11 digits, not all equal, and both check digits match. */
export function isValidCpf(raw: string): boolean {
  const digits = cpfDigits(raw)
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10])
}

export type CpfCheck = { ok: true; cpf: string } | { ok: false; message: string }

/** The CPF as stored (11 digits), or the pt-BR reason it cannot be used. */
export function validateCpf(raw: string): CpfCheck {
  const digits = cpfDigits(raw)
  if (digits === "") return { ok: false, message: CPF_MESSAGES.required }
  return isValidCpf(digits) ? { ok: true, cpf: digits } : { ok: false, message: CPF_MESSAGES.invalid }
}

/** What the CPF field shows while typing: 000.000.000-00, at most 11 digits. */
export function maskCpfInput(raw: string): string {
  const d = cpfDigits(raw).slice(0, 11)
  if (d.length <= 3) return d
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
}

/** A stored CPF shown to its owner with only the last digits visible, as receipts do. */
export const maskedCpf = (cpf: string): string => `***.***.${cpf.slice(6, 9)}-${cpf.slice(9, 11)}`
