import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import {
  binOf,
  CardTokenError,
  SANDBOX_MASKS,
  SECURE_FIELDS,
  type SecureField,
  sandboxFieldState,
  sandboxTokenRequest,
} from "../machines/cardEntry"
import type { CardFields } from "./cardFieldsContract"

/** What each input is, for the browser's autofill and the phone's keyboard. */
const INPUTS: Readonly<Record<SecureField, { autocomplete: AutoFill; maxLength: number }>> = {
  number: { autocomplete: "cc-number", maxLength: 23 },
  expiry: { autocomplete: "cc-exp", maxLength: 5 },
  securityCode: { autocomplete: "cc-csc", maxLength: 4 },
}

interface SandboxToken {
  id: string
  payment_method_id: string
  last_four_digits: string
}

/**
 * The offline sandbox's card fields: plain inputs inside the same containers Mercado Pago's frames would fill,
 * telling the page what the frames tell it (validity, bin), and tokenizing on our server
 * (`POST /sandbox/card-tokens`), which only knows Mercado Pago's test cards and charges nothing.
 */
export function sandboxCardFields(): CardFields {
  let inputs: Partial<Record<SecureField, HTMLInputElement>> = {}
  const typedIn = (field: SecureField) => inputs[field]?.value ?? ""
  return {
    mount: async (slots, handlers) => {
      let bin: string | null = null
      for (const field of SECURE_FIELDS) {
        const slot = slots[field]
        const container = document.getElementById(slot.id)
        if (!container) throw new Error(PAYMENT_MESSAGES.cardFormNotReady)
        const input = document.createElement("input")
        input.id = `${slot.id}-input`
        input.type = "text"
        input.inputMode = "numeric"
        input.autocomplete = INPUTS[field].autocomplete
        input.maxLength = INPUTS[field].maxLength
        input.placeholder = slot.placeholder
        input.setAttribute("aria-labelledby", slot.labelId)
        // The container draws the box, its error border and its focus ring, as it does around a frame.
        input.className = "h-full w-full bg-transparent outline-none"
        const report = (left: boolean) =>
          handlers.onFieldChange(field, sandboxFieldState(field, input.value, left))
        input.addEventListener("input", () => {
          input.value = SANDBOX_MASKS[field](input.value)
          report(false)
          if (field !== "number") return
          const next = binOf(input.value)
          if (next === bin) return
          bin = next
          handlers.onBinChange(next)
        })
        input.addEventListener("blur", () => report(true))
        container.replaceChildren(input)
        inputs[field] = input
      }
    },
    createToken: async (card) => {
      let response: Response
      try {
        response = await fetch("/sandbox/card-tokens", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(
            sandboxTokenRequest(
              { number: typedIn("number"), expiry: typedIn("expiry"), securityCode: typedIn("securityCode") },
              card,
            ),
          ),
        })
      } catch {
        throw new CardTokenError(PAYMENT_MESSAGES.processFailed)
      }
      const body = (await response.json().catch(() => null)) as
        | (SandboxToken & { error?: { message?: string; field?: string } })
        | null
      if (!response.ok || !body?.id)
        throw new CardTokenError(
          body?.error?.message ?? PAYMENT_MESSAGES.invalidCard,
          body?.error?.field ?? null,
        )
      return {
        token: body.id,
        paymentMethodId: body.payment_method_id,
        issuerId: null,
        lastFour: body.last_four_digits,
        // Nothing fingerprints the device offline.
        deviceSessionId: null,
      }
    },
    unmount: () => {
      for (const input of Object.values(inputs)) input?.remove()
      inputs = {}
    },
  }
}
