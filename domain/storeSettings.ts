import type { RoleLists } from "./accounts/roles"
import { validateCep } from "./shipping/postal"
import { type ConventionField, conventionErrors, type StoreConventions } from "./storeConventions"

/** What the administrator edits on /admin/settings (decision 9); the lists add to the configured ones. */
export interface EditableSettings {
  readonly supportEmail: string
  readonly supportHours: string
  readonly whatsappNumber: string
  readonly shippingOriginCep: string
  readonly plansHiddenNames: readonly string[]
  readonly adminEmails: readonly string[]
  readonly moderatorEmails: readonly string[]
  /** PIX discount, instalments, the waitlist's purchase window, what a coin is worth. */
  readonly conventions: StoreConventions
}

export const SETTINGS_MESSAGES = {
  supportEmail: "Informe um e-mail de atendimento válido.",
  supportHours: "Informe o horário de atendimento (até 120 caracteres).",
  whatsappNumber: "Informe o WhatsApp com DDI e DDD, só números (ex.: 5511999990000).",
  plansHiddenNames: "Cada nome oculto deve ter até 80 caracteres (no máximo 20 nomes).",
  roleEmail: (email: string) => `E-mail inválido na lista: ${email}`,
  bothLists: (email: string) => `${email} está nas duas listas; escolha administrador ou moderador.`,
  tooMany: "No máximo 50 e-mails por lista.",
} as const

/**
 * The shipping-table upload's limit, on the screen and on the server. A full Correios table (every CEP range and
 * weight band of both services) runs to tens of thousands of ~50-byte lines, a few MB; 5 MB (~100 000 lines)
 * holds it with room while bounding what one request makes the server read and parse.
 */
export const SHIPPING_TABLE_MAX_BYTES = 5 * 1024 * 1024

export const SHIPPING_TABLE_MESSAGES = {
  noFile: "Escolha um arquivo CSV.",
  tooLarge: "Arquivo muito grande (máximo 5 MB)",
} as const

/** A field of the form: the conventions are checked one by one. */
export type SettingsField = Exclude<keyof EditableSettings, "conventions"> | ConventionField
export type SettingsValidation =
  | { readonly ok: true; readonly settings: EditableSettings }
  | { readonly ok: false; readonly errors: Partial<Record<SettingsField, string>> }

// Close to what a mail server accepts, without pretending to be RFC 5322: one @, a dotted domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const cleanList = (values: readonly string[]) => [
  ...new Set(values.map((v) => v.trim()).filter((v) => v !== "")),
]

/** One entry per line or comma, as the screen's text areas take them. */
export const splitList = (text: string) => cleanList(text.split(/[\n,;]/))

const cleanEmails = (values: readonly string[]) => [...new Set(cleanList(values).map((v) => v.toLowerCase()))]

/** The same rules on the settings screen and in the use case: the values to save, trimmed, or every problem. */
export function validateSettings(input: EditableSettings): SettingsValidation {
  const errors: Partial<Record<SettingsField, string>> = {}
  const supportEmail = input.supportEmail.trim().toLowerCase()
  if (!EMAIL.test(supportEmail) || supportEmail.length > 254)
    errors.supportEmail = SETTINGS_MESSAGES.supportEmail
  const supportHours = input.supportHours.trim()
  if (supportHours === "" || supportHours.length > 120) errors.supportHours = SETTINGS_MESSAGES.supportHours
  const whatsappNumber = input.whatsappNumber.replace(/\D/g, "")
  if (!/^\d{12,13}$/.test(whatsappNumber)) errors.whatsappNumber = SETTINGS_MESSAGES.whatsappNumber
  const cep = validateCep(input.shippingOriginCep)
  if (!cep.ok) errors.shippingOriginCep = cep.error.message
  const plansHiddenNames = cleanList(input.plansHiddenNames)
  if (plansHiddenNames.length > 20 || plansHiddenNames.some((n) => n.length > 80))
    errors.plansHiddenNames = SETTINGS_MESSAGES.plansHiddenNames
  const adminEmails = cleanEmails(input.adminEmails)
  const moderatorEmails = cleanEmails(input.moderatorEmails)
  for (const [field, list] of [
    ["adminEmails", adminEmails],
    ["moderatorEmails", moderatorEmails],
  ] as const) {
    const bad = list.find((e) => !EMAIL.test(e))
    if (bad) errors[field] = SETTINGS_MESSAGES.roleEmail(bad)
    else if (list.length > 50) errors[field] = SETTINGS_MESSAGES.tooMany
  }
  const both = adminEmails.find((e) => moderatorEmails.includes(e))
  if (both && !errors.moderatorEmails) errors.moderatorEmails = SETTINGS_MESSAGES.bothLists(both)
  Object.assign(errors, conventionErrors(input.conventions))
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    settings: {
      supportEmail,
      supportHours,
      whatsappNumber,
      shippingOriginCep: cep.ok ? cep.cep : "",
      plansHiddenNames,
      adminEmails,
      moderatorEmails,
      conventions: input.conventions,
    },
  }
}

/**
 * The lists role resolution reads: the configured (environment) ones plus the ones saved on the screen. The
 * environment's can only be added to here, never removed, so a misclick on the screen cannot lock out the
 * operator who configured the server.
 */
export function mergeRoleLists(configured: RoleLists, saved: RoleLists): RoleLists {
  return {
    adminEmails: cleanEmails([...configured.adminEmails, ...saved.adminEmails]),
    moderatorEmails: cleanEmails([...configured.moderatorEmails, ...saved.moderatorEmails]),
  }
}
