import { Effect } from "effect"
import { validateCpf } from "../../domain/orders/cpf"
import { normalizePhone, PHONE_MESSAGE } from "../../domain/phone"
import { CheckoutRefused } from "../errors"
import { CustomerDetails } from "../ports/CustomerDetails"
import { requireViewer } from "../viewer"

export { normalizePhone, PHONE_MESSAGE }

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
