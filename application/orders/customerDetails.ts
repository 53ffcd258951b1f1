import { Effect } from "effect"
import { validateCpf } from "../../domain/orders/cpf"
import { CheckoutRefused } from "../errors"
import { CustomerDetails } from "../ports/CustomerDetails"
import { requireViewer } from "./priceCheckout"

export const PHONE_MESSAGE = "Telefone inválido: use DDD e número, por exemplo (11) 98765-4321"

/** Brazilian phone: DDD and 8 or 9 digits, with or without the country code. */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "")
  return /^[1-9]{2}9?\d{8}$/.test(digits) ? digits : null
}

export const myDetails = Effect.fn("Orders.myDetails")(function* () {
  const viewer = yield* requireViewer
  return yield* (yield* CustomerDetails).get(viewer.id)
})

/** Saves the phone and CPF of the 'Dados' tab; an empty phone clears it, an empty CPF leaves it as it was. */
export const saveMyDetails = Effect.fn("Orders.saveMyDetails")(function* (input: {
  phone: string
  cpf: string
}) {
  const viewer = yield* requireViewer
  const phone = input.phone.trim() === "" ? "" : normalizePhone(input.phone)
  if (phone === null) return yield* new CheckoutRefused({ message: PHONE_MESSAGE, field: "phone" })
  let cpf: string | undefined
  if (input.cpf.trim() !== "") {
    const checked = validateCpf(input.cpf)
    if (!checked.ok) return yield* new CheckoutRefused({ message: checked.message, field: "cpf" })
    cpf = checked.cpf
  }
  yield* (yield* CustomerDetails).save(viewer.id, { phone, ...(cpf ? { cpf } : {}) })
  return { ok: true as const }
})
