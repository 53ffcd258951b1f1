export type UF =
  | "AC"
  | "AL"
  | "AM"
  | "AP"
  | "BA"
  | "CE"
  | "DF"
  | "ES"
  | "GO"
  | "MA"
  | "MG"
  | "MS"
  | "MT"
  | "PA"
  | "PB"
  | "PE"
  | "PI"
  | "PR"
  | "RJ"
  | "RN"
  | "RO"
  | "RR"
  | "RS"
  | "SC"
  | "SE"
  | "SP"
  | "TO"

export const UFS: readonly UF[] = [
  "AC",
  "AL",
  "AM",
  "AP",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MG",
  "MS",
  "MT",
  "PA",
  "PB",
  "PE",
  "PI",
  "PR",
  "RJ",
  "RN",
  "RO",
  "RR",
  "RS",
  "SC",
  "SE",
  "SP",
  "TO",
]

export function isUF(x: unknown): x is UF {
  return typeof x === "string" && (UFS as readonly string[]).includes(x)
}

export const CEP_MESSAGES = {
  invalidTitle: "CEP inválido",
  wrongLength: "Digite um CEP válido com 8 dígitos",
  placeholder: "Este CEP é inválido. Por favor, digite um CEP real (ex: 01310-100 para São Paulo).",
  repeatedDigits: "CEP com dígitos repetidos é inválido. Por favor, digite um CEP real.",
  notFound: "CEP não encontrado. Verifique se digitou corretamente e tente novamente.",
  noShippingForState: "Não foi possível calcular frete para este estado.",
} as const

export interface CepError {
  title: string
  message: string
}

export type CepValidation = { ok: true; cep: string } | { ok: false; error: CepError }

/** Progressive mask for a text input: "01310" stays, "013101" becomes "01310-1". */
export function maskCepInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 8)
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}

/** Formats 8 digits as "00000-000"; anything else is returned unchanged so a display never throws. */
export function formatCep(digits8: string): string {
  return /^\d{8}$/.test(digits8) ? `${digits8.slice(0, 5)}-${digits8.slice(5)}` : digits8
}

// Shoppers type these to get past the form; they are never real addresses.
const PLACEHOLDER_CEPS: ReadonlySet<string> = new Set(["00000000", "12345678"])

function invalid(message: string): CepValidation {
  return { ok: false, error: { title: CEP_MESSAGES.invalidTitle, message } }
}

export function validateCep(raw: string): CepValidation {
  const cep = raw.replace(/\s/g, "").replace("-", "")
  if (!/^\d{8}$/.test(cep)) return invalid(CEP_MESSAGES.wrongLength)
  if (PLACEHOLDER_CEPS.has(cep)) return invalid(CEP_MESSAGES.placeholder)
  if (/^(\d)\1{7}$/.test(cep)) return invalid(CEP_MESSAGES.repeatedDigits)
  return { ok: true, cep }
}

/** Correios ranges by the first five digits, inclusive; gaps (e.g. below 01000) map to no state. */
export const CEP_RANGES: readonly (readonly [from: number, to: number, uf: UF])[] = [
  [1000, 19999, "SP"],
  [20000, 28999, "RJ"],
  [29000, 29999, "ES"],
  [30000, 39999, "MG"],
  [40000, 48999, "BA"],
  [49000, 49999, "SE"],
  [50000, 56999, "PE"],
  [57000, 57999, "AL"],
  [58000, 58999, "PB"],
  [59000, 59999, "RN"],
  [60000, 63999, "CE"],
  [64000, 64999, "PI"],
  [65000, 65999, "MA"],
  [66000, 68899, "PA"],
  [68900, 68999, "AP"],
  [69000, 69299, "AM"],
  [69300, 69399, "RR"],
  [69400, 69899, "AM"],
  [69900, 69999, "AC"],
  [70000, 72799, "DF"],
  [72800, 72999, "GO"],
  [73000, 73699, "DF"],
  [73700, 76799, "GO"],
  [76800, 76999, "RO"],
  [77000, 77999, "TO"],
  [78000, 78899, "MT"],
  [79000, 79999, "MS"],
  [80000, 87999, "PR"],
  [88000, 89999, "SC"],
  [90000, 99999, "RS"],
]

export function ufFromCep(cep8: string): UF | null {
  const digits = cep8.replace("-", "")
  if (!/^\d{8}$/.test(digits)) return null
  const prefix = Number(digits.slice(0, 5))
  const range = CEP_RANGES.find(([from, to]) => prefix >= from && prefix <= to)
  return range ? range[2] : null
}
