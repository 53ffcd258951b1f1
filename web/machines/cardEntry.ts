import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"

/**
 * A card as the store's script may know it (PCI SAQ A): the holder's name and CPF it reads, and only the
 * state of the fields that hold the number, expiry and security code, which live inside the payment
 * provider's frames (or, offline, the sandbox's own inputs) and are never read by a machine.
 */
export type SecureField = "number" | "expiry" | "securityCode"
export const SECURE_FIELDS: readonly SecureField[] = ["number", "expiry", "securityCode"]
export type CardField = SecureField | "holder"

/** What a secure field says about itself: whether it holds a usable value, and its pt-BR error if any. */
export interface FieldState {
  readonly complete: boolean
  readonly error: string | null
}
export type SecureFieldStates = Readonly<Record<SecureField, FieldState>>

export interface CardForm {
  readonly holder: string
  readonly fields: SecureFieldStates
}

const BLANK: FieldState = { complete: false, error: null }
export const EMPTY_FIELDS: SecureFieldStates = { number: BLANK, expiry: BLANK, securityCode: BLANK }
export const EMPTY_CARD: CardForm = { holder: "", fields: EMPTY_FIELDS }

/** What a tokenizer is given besides its own fields: MercadoPago.js's `fields.createCardToken` data. */
export interface NonSensitiveCard {
  readonly cardholderName: string
  readonly identificationType: "CPF"
  readonly identificationNumber: string
}

export interface CardToken {
  readonly token: string
  /** The brand ("master", "visa", ...). */
  readonly paymentMethodId: string
  readonly issuerId: string | null
  readonly lastFour: string
  /** Mercado Pago's device fingerprint (security.js); null where nothing fingerprints the device. */
  readonly deviceSessionId: string | null
}

/** A tokenizer's refusal: the pt-BR message and, when known, the form field it concerns. */
export class CardTokenError extends Error {
  override name = "CardTokenError"
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message)
  }
}

export const CARD_MESSAGES = {
  number: "Número do cartão inválido",
  holder: "Informe o nome impresso no cartão",
  expiry: "Validade inválida (use MM/AA)",
  securityCode: "Código de segurança inválido",
} as const

const digits = (s: string) => s.replace(/\D/g, "")

/** The card form's problems, each under its field; empty when the tokenizer may be asked. */
export function validateCardForm(card: CardForm): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {}
  for (const field of SECURE_FIELDS) {
    const state = card.fields[field]
    if (!state.complete) errors[field] = state.error ?? CARD_MESSAGES[field]
  }
  if (!card.holder.trim()) errors.holder = CARD_MESSAGES.holder
  return errors
}

/** What the tokenizer is given with its own fields: the holder as typed and the CPF's digits. */
export function tokenInputOf(card: CardForm, cpf: string): NonSensitiveCard {
  return {
    cardholderName: card.holder.trim(),
    identificationType: "CPF",
    identificationNumber: digits(cpf),
  }
}

/** The tokenizer's field names (MercadoPago.js's, the sandbox's), as the card form calls them. */
const TOKEN_FIELDS: Readonly<Record<string, string>> = {
  cardNumber: "number",
  cardholderName: "holder",
  expirationDate: "expiry",
  expirationMonth: "expiry",
  expirationYear: "expiry",
  cardExpirationMonth: "expiry",
  cardExpirationYear: "expiry",
  securityCode: "securityCode",
  cpf: "cpf",
  identificationNumber: "cpf",
}

/** The card form's name for a tokenizer's field name, if it has one. */
export const formFieldOf = (tokenField: string): string | null => TOKEN_FIELDS[tokenField] ?? null

/** A tokenizer's refusal as the card form shows it: the message above the form and the field's own error. */
export function tokenFailure(error: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!(error instanceof CardTokenError)) return { message: PAYMENT_MESSAGES.processFailed, fieldErrors: {} }
  const field = error.field ? formFieldOf(error.field) : null
  return field
    ? { message: PAYMENT_MESSAGES.invalidCard, fieldErrors: { [field]: error.message } }
    : { message: error.message, fieldErrors: {} }
}

/** Whether a refusal is about what was typed: "Dados do cartão inválidos" goes once the card is corrected. */
export const clearsInvalidCard = (message: string | null) =>
  message === PAYMENT_MESSAGES.invalidCard ? null : message

// ── The offline sandbox's own fields: what Mercado Pago's frames check, checked the same way ──────────────

/** Luhn's check digit, which every card number carries. */
export function luhnValid(number: string): boolean {
  const d = digits(number)
  if (d.length < 13 || d.length > 19) return false
  let sum = 0
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i])
    if (i % 2 === 1) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
  }
  return sum % 10 === 0
}

/** "5031433215406351" → "5031 4332 1540 6351"; Amex (34/37) as 4-6-5. */
export function maskCardNumber(raw: string): string {
  const d = digits(raw).slice(0, 19)
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(" ")
  return d.replace(/(\d{4})(?=\d)/g, "$1 ")
}

/** "1130" → "11/30". */
export function maskExpiry(raw: string): string {
  const d = digits(raw).slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d
}

/** How each sandbox field masks what is typed. */
export const SANDBOX_MASKS: Readonly<Record<SecureField, (raw: string) => string>> = {
  number: maskCardNumber,
  expiry: maskExpiry,
  securityCode: (raw) => digits(raw).slice(0, 4),
}

/** Whether a sandbox field's (masked) value is usable; MercadoPago.js checks its frames the same way. */
export function sandboxFieldValid(field: SecureField, value: string): boolean {
  if (field === "number") return luhnValid(value)
  if (field === "securityCode") return /^\d{3,4}$/.test(value)
  const [month, year] = value.split("/")
  return (
    /^\d{2}$/.test(month ?? "") && /^\d{2}$/.test(year ?? "") && Number(month) >= 1 && Number(month) <= 12
  )
}

/**
 * A sandbox field's state: complete when valid; its error only once the customer has left it (`left`), as
 * MercadoPago.js reports validity, so nobody is told off in the middle of typing.
 */
export function sandboxFieldState(field: SecureField, value: string, left: boolean): FieldState {
  const complete = sandboxFieldValid(field, value)
  return { complete, error: !complete && left && value !== "" ? CARD_MESSAGES[field] : null }
}

/** The card's first six digits once typed (what the installment table is asked with), else null. */
export function binOf(number: string): string | null {
  const d = digits(number)
  return d.length >= 6 ? d.slice(0, 6) : null
}

/** The sandbox token request for what its fields hold (MercadoPago.js's createCardToken field names). */
export function sandboxTokenRequest(values: Readonly<Record<SecureField, string>>, card: NonSensitiveCard) {
  const [month = "", year = ""] = values.expiry.split("/")
  return {
    cardNumber: digits(values.number),
    cardExpirationMonth: month,
    cardExpirationYear: year.length === 2 ? `20${year}` : year,
    securityCode: values.securityCode,
    ...card,
  }
}
