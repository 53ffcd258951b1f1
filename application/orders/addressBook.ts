import { Effect } from "effect"
import {
  ADDRESS_MESSAGES,
  type AddressField,
  MAX_ADDRESSES,
  validateAddress,
} from "../../domain/orders/address"
import { CheckoutRefused } from "../errors"
import { AddressBook } from "../ports/AddressBook"
import { requireViewer } from "../viewer"

export const listMyAddresses = Effect.fn("Orders.listMyAddresses")(function* () {
  const viewer = yield* requireViewer
  return yield* (yield* AddressBook).list(viewer.id)
})

/** Adds or edits an address of the signed-in customer; every field's problem is reported at once. */
export const saveMyAddress = Effect.fn("Orders.saveMyAddress")(function* (input: {
  readonly id?: string
  readonly address: Record<AddressField, string>
  readonly makeDefault: boolean
}) {
  const viewer = yield* requireViewer
  const checked = validateAddress(input.address)
  if (!checked.ok) {
    const [field, message] = Object.entries(checked.errors)[0] ?? ["address", ADDRESS_MESSAGES.zipCode]
    return yield* new CheckoutRefused({ message, field })
  }
  const saved = yield* (yield* AddressBook).save(viewer.id, checked.address, {
    ...(input.id ? { id: input.id } : {}),
    makeDefault: input.makeDefault,
  })
  if (!saved)
    return yield* new CheckoutRefused({
      message: input.id ? "Endereço não encontrado" : ADDRESS_MESSAGES.limit(MAX_ADDRESSES),
    })
  return saved
})

export const removeMyAddress = Effect.fn("Orders.removeMyAddress")(function* (id: string) {
  const viewer = yield* requireViewer
  if (!(yield* (yield* AddressBook).remove(viewer.id, id)))
    return yield* new CheckoutRefused({ message: "Endereço não encontrado" })
  return { ok: true as const }
})
