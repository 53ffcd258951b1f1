import { isSupportCategory, type SupportCategory } from "./tickets"

/** The limits of the support form (spec 002 §5: all fields required), on the page and on the server alike. */
export const SUPPORT_LIMITS = {
  name: 120,
  email: 254,
  subject: 120,
  body: 5000,
} as const

export const SUPPORT_FORM_MESSAGES = {
  name: "Informe seu nome completo",
  nameTooLong: `O nome deve ter no máximo ${SUPPORT_LIMITS.name} caracteres`,
  email: "Informe um e-mail válido",
  category: "Escolha uma categoria",
  subject: "Informe o assunto",
  subjectTooLong: `O assunto deve ter no máximo ${SUPPORT_LIMITS.subject} caracteres`,
  description: "Descreva o problema",
  descriptionTooLong: `A descrição deve ter no máximo ${SUPPORT_LIMITS.body} caracteres`,
  reply: "Escreva sua mensagem",
  replyTooLong: `A mensagem deve ter no máximo ${SUPPORT_LIMITS.body} caracteres`,
} as const

export interface TicketForm {
  readonly name: string
  readonly email: string
  readonly category: string
  readonly subject: string
  readonly description: string
}

export interface ValidTicketForm {
  readonly name: string
  readonly email: string
  readonly category: SupportCategory
  readonly subject: string
  readonly description: string
}

export type TicketFormField = keyof TicketForm

export type TicketFormValidation =
  | { readonly ok: true; readonly value: ValidTicketForm }
  | { readonly ok: false; readonly errors: Partial<Record<TicketFormField, string>> }

// One @, a dotted domain, no spaces: what a mail server accepts, without pretending to be RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Trimmed values (e-mail lower-cased) or every field's problem, in pt-BR. */
export function validateTicketForm(input: TicketForm): TicketFormValidation {
  const errors: Partial<Record<TicketFormField, string>> = {}
  const name = input.name.replace(/\s+/g, " ").trim()
  const email = input.email.trim().toLowerCase()
  const subject = input.subject.replace(/\s+/g, " ").trim()
  const description = input.description.trim()
  if (name === "") errors.name = SUPPORT_FORM_MESSAGES.name
  else if (name.length > SUPPORT_LIMITS.name) errors.name = SUPPORT_FORM_MESSAGES.nameTooLong
  if (!EMAIL.test(email) || email.length > SUPPORT_LIMITS.email) errors.email = SUPPORT_FORM_MESSAGES.email
  if (!isSupportCategory(input.category)) errors.category = SUPPORT_FORM_MESSAGES.category
  if (subject === "") errors.subject = SUPPORT_FORM_MESSAGES.subject
  else if (subject.length > SUPPORT_LIMITS.subject) errors.subject = SUPPORT_FORM_MESSAGES.subjectTooLong
  if (description === "") errors.description = SUPPORT_FORM_MESSAGES.description
  else if (description.length > SUPPORT_LIMITS.body)
    errors.description = SUPPORT_FORM_MESSAGES.descriptionTooLong
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    value: { name, email, category: input.category as SupportCategory, subject, description },
  }
}

/** A reply or a note: 1 to 5000 characters once trimmed; null when fine. */
export function replyProblem(body: string): string | null {
  const trimmed = body.trim()
  if (trimmed === "") return SUPPORT_FORM_MESSAGES.reply
  if (trimmed.length > SUPPORT_LIMITS.body) return SUPPORT_FORM_MESSAGES.replyTooLong
  return null
}
