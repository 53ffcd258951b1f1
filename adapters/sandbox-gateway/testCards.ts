import { isValidCpf } from "../../domain/orders/cpf"
import type { PaymentStatus } from "../../domain/orders/payment"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"

/** Mercado Pago's Brazilian test cards (INTEGRATIONS.md): the only numbers the sandbox accepts. */
export const TEST_CARDS = [
  { number: "5031433215406351", paymentMethodId: "master", cvvLength: 3 },
  { number: "4235647728025682", paymentMethodId: "visa", cvvLength: 3 },
  { number: "375365153556885", paymentMethodId: "amex", cvvLength: 4 },
  { number: "5067766783888311", paymentMethodId: "elo", cvvLength: 3 },
] as const

export interface Outcome {
  readonly status: PaymentStatus
  readonly statusDetail: string
}

/** The cardholder name decides what happens, as in Mercado Pago's test environment. */
export const OUTCOMES: Readonly<Record<string, Outcome>> = {
  APRO: { status: "approved", statusDetail: "accredited" },
  CONT: { status: "in_process", statusDetail: "pending_contingency" },
  OTHE: { status: "rejected", statusDetail: "cc_rejected_other_reason" },
  CALL: { status: "rejected", statusDetail: "cc_rejected_call_for_authorize" },
  FUND: { status: "rejected", statusDetail: "cc_rejected_insufficient_amount" },
  SECU: { status: "rejected", statusDetail: "cc_rejected_bad_filled_security_code" },
  EXPI: { status: "rejected", statusDetail: "cc_rejected_bad_filled_date" },
  FORM: { status: "rejected", statusDetail: "cc_rejected_bad_filled_other" },
}

/**
 * Like Mercado Pago: the first word of the name is the code ("APRO", "APRO Fulano"); any other name is
 * refused for a general reason, so a demo never approves by accident.
 */
export function outcomeForHolder(holderName: string): Outcome {
  const code = holderName.trim().split(/\s+/)[0]?.toUpperCase() ?? ""
  return OUTCOMES[code] ?? (OUTCOMES.OTHE as Outcome)
}

export interface CardInput {
  readonly cardNumber: string
  readonly cardholderName: string
  readonly expirationMonth: number
  readonly expirationYear: number
  readonly securityCode: string
  readonly cpf: string
}

export type CardCheck =
  | { ok: true; paymentMethodId: string; firstSix: string; lastFour: string }
  | { ok: false; field: keyof CardInput; message: string }

/** Checks a card typed into the sandbox's tokenizer; messages are shown to the buyer. */
export function checkTestCard(input: CardInput, now: { year: number; month: number }): CardCheck {
  const number = input.cardNumber.replace(/[\s.-]/g, "")
  const card = TEST_CARDS.find((c) => c.number === number)
  if (!card) return { ok: false, field: "cardNumber", message: PAYMENT_MESSAGES.testCardsOnly }
  if (!input.cardholderName.trim())
    return { ok: false, field: "cardholderName", message: "Informe o nome impresso no cartão" }
  const { expirationMonth: month } = input
  const year = input.expirationYear < 100 ? 2000 + input.expirationYear : input.expirationYear
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    return { ok: false, field: "expirationMonth", message: "Validade inválida" }
  if (year < now.year || (year === now.year && month < now.month))
    return { ok: false, field: "expirationYear", message: "Cartão vencido" }
  if (!new RegExp(`^\\d{${card.cvvLength}}$`).test(input.securityCode))
    return {
      ok: false,
      field: "securityCode",
      message: `O código de segurança tem ${card.cvvLength} dígitos`,
    }
  if (!isValidCpf(input.cpf)) return { ok: false, field: "cpf", message: "CPF inválido" }
  return {
    ok: true,
    paymentMethodId: card.paymentMethodId,
    firstSix: number.slice(0, 6),
    lastFour: number.slice(-4),
  }
}
