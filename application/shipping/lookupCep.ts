import { Effect } from "effect"
import { CEP_MESSAGES, formatCep, ufFromCep, validateCep } from "../../domain/shipping/postal"
import { limitRequests } from "../abuse"
import { ShippingQuoteRefused } from "../errors"
import { PostalCodeLookup } from "../ports/PostalCodeLookup"

const LOOKUP_LIMIT = {
  bucket: "cep",
  max: 30,
  windowMs: 60_000,
  message: "Muitas consultas de CEP. Aguarde um minuto e tente novamente.",
}

/**
 * The street, neighbourhood, city and state of a CEP, to fill the address form. With the postal service
 * down it still answers the state from the offline CEP → UF table (`complete: false`), so the form goes on.
 */
export const lookupCep = Effect.fn("Shipping.lookupCep")(function* (rawCep: string) {
  // Every lookup may call ViaCEP.
  yield* limitRequests(LOOKUP_LIMIT)
  const checked = validateCep(rawCep)
  if (!checked.ok) return yield* new ShippingQuoteRefused(checked.error)
  const cep = checked.cep
  const found = yield* (yield* PostalCodeLookup).lookup(cep)
  if (found.kind === "not_found")
    return yield* new ShippingQuoteRefused({
      title: CEP_MESSAGES.invalidTitle,
      message: CEP_MESSAGES.notFound,
    })
  if (found.kind === "found")
    return {
      cep: formatCep(cep),
      state: found.uf,
      city: found.city,
      street: found.street,
      neighborhood: found.district,
      complete: true,
    }
  return {
    cep: formatCep(cep),
    state: ufFromCep(cep),
    city: "",
    street: "",
    neighborhood: "",
    complete: false,
  }
})
