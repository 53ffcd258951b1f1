import { Effect } from "effect"
import { CEP_MESSAGES, validateCep } from "../../domain/postal"
import { limitRequests } from "../abuse/limitRequests"
import { PostalCodeLookup } from "../ports/PostalCodeLookup"

const LOOKUP_LIMIT = {
  bucket: "cep",
  max: 30,
  windowMs: 60_000,
  message: "Muitas consultas de CEP. Aguarde um minuto e tente novamente.",
}

export const CEP_LOOKUP_UNAVAILABLE =
  "Não foi possível consultar o CEP agora. Preencha o endereço manualmente."

export type CepAutofill =
  | {
      readonly found: true
      readonly street: string
      readonly neighborhood: string
      readonly city: string
      readonly state: string
    }
  | { readonly found: false; readonly message: string }

const notFilled = (message: string): CepAutofill => ({ found: false, message })

/**
 * Fills an address form from its CEP: street, neighbourhood, city and state as the postal service knows
 * them. An unknown CEP, a malformed one and a postal service that does not answer all leave the form to the
 * person, with a reason; only too many lookups from one client fail.
 */
export const lookupCep = Effect.fn("Shipping.lookupCep")(function* (rawCep: string) {
  // Every lookup may call the postal service.
  yield* limitRequests(LOOKUP_LIMIT)
  const checked = validateCep(rawCep)
  if (!checked.ok) return notFilled(checked.error.message)
  const found = yield* (yield* PostalCodeLookup).lookup(checked.cep)
  switch (found.kind) {
    case "found": {
      const filled: CepAutofill = {
        found: true,
        street: found.street,
        neighborhood: found.district,
        city: found.city,
        state: found.uf,
      }
      return filled
    }
    case "not_found":
      return notFilled(CEP_MESSAGES.notFound)
    case "unavailable":
      return notFilled(CEP_LOOKUP_UNAVAILABLE)
  }
})
