import { formatCep, isUF, type UF, ufFromCep, validateCep } from "../shipping/postal"

/** An entry of the customer's address book (spec 001 §3 Address); `zipCode` is 8 digits. */
export interface Address {
  readonly name: string
  readonly street: string
  readonly number: string
  readonly complement: string
  readonly neighborhood: string
  readonly city: string
  readonly state: UF
  readonly zipCode: string
}

export const ADDRESS_LIMITS = {
  name: 80,
  street: 120,
  number: 10,
  complement: 60,
  neighborhood: 80,
  city: 80,
} as const

/** Spec 001 §5's address rules, in the store's language. */
export const ADDRESS_MESSAGES = {
  name: "Nome é obrigatório",
  street: "Rua é obrigatória",
  number: "Número é obrigatório",
  neighborhood: "Bairro é obrigatório",
  city: "Cidade é obrigatória",
  state: "Estado deve ter 2 caracteres",
  zipCode: "Formato de CEP inválido",
  stateMismatch: "O CEP informado não pertence a este estado",
  tooLong: (max: number) => `Use no máximo ${max} caracteres`,
  limit: (max: number) => `Você pode guardar até ${max} endereços`,
} as const

/** How many addresses one customer may keep. */
export const MAX_ADDRESSES = 10

export type AddressField = keyof Address
export type AddressCheck =
  | { ok: true; address: Address }
  | { ok: false; errors: Partial<Record<AddressField, string>> }

const REQUIRED = ["name", "street", "number", "neighborhood", "city"] as const

/** Trims and checks every field; all problems at once, so the form can mark each field. */
export function validateAddress(input: Record<AddressField, string>): AddressCheck {
  const clean = (s: string) => s.trim().replace(/\s+/g, " ")
  const errors: Partial<Record<AddressField, string>> = {}
  for (const field of REQUIRED) if (!clean(input[field])) errors[field] = ADDRESS_MESSAGES[field]
  for (const [field, max] of Object.entries(ADDRESS_LIMITS) as [keyof typeof ADDRESS_LIMITS, number][])
    if (!errors[field] && clean(input[field]).length > max) errors[field] = ADDRESS_MESSAGES.tooLong(max)
  const state = clean(input.state).toUpperCase()
  if (!isUF(state)) errors.state = ADDRESS_MESSAGES.state
  // Spec: 5 digits, optional hyphen, 3 digits; the postal module's rules (no repeated digits) apply too.
  const zipText = clean(input.zipCode)
  const zip = /^\d{5}-?\d{3}$/.test(zipText) ? validateCep(zipText) : null
  if (!zip) errors.zipCode = ADDRESS_MESSAGES.zipCode
  else if (!zip.ok) errors.zipCode = zip.error.message
  else if (isUF(state) && ufFromCep(zip.cep) !== state) errors.zipCode = ADDRESS_MESSAGES.stateMismatch
  if (Object.keys(errors).length > 0 || !zip?.ok || !isUF(state)) return { ok: false, errors }
  return {
    ok: true,
    address: {
      name: clean(input.name),
      street: clean(input.street),
      number: clean(input.number),
      complement: clean(input.complement),
      neighborhood: clean(input.neighborhood),
      city: clean(input.city),
      state,
      zipCode: zip.cep,
    },
  }
}

/** One line for receipts and e-mails: "Rua X, 10 - apto 2, Bairro, Cidade/UF, CEP 01310-100". */
export function addressLine(a: Address): string {
  const complement = a.complement ? ` - ${a.complement}` : ""
  return `${a.street}, ${a.number}${complement}, ${a.neighborhood}, ${a.city}/${a.state}, CEP ${formatCep(a.zipCode)}`
}
