import type { CardFields } from "./cardFieldsContract"
import { mercadoPagoCardFields } from "./mercadoPagoCardFields"
import { sandboxCardFields } from "./sandboxCardFields"

export type { CardFieldHandlers, CardFieldSlot, CardFieldSlots, CardFields } from "./cardFieldsContract"

/** Mercado Pago's fields when it is configured (its public key), else the sandbox's. */
export const cardFieldsFor = (start: { readonly publicKey: string | null }): CardFields =>
  start.publicKey ? mercadoPagoCardFields(start.publicKey) : sandboxCardFields()
