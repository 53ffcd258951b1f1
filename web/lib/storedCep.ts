import { validateCep } from "../../domain/shipping/postal"

/** Storage key of the spec (000 §3): the visitor's postal code survives reloads and the trip to login. */
export const CEP_KEY = "shippingCep"

/** The stored postal code, or "" when missing or invalid (an invalid stored CEP is discarded). */
export function readStoredCep(): string {
  try {
    const stored = localStorage.getItem(CEP_KEY) ?? ""
    if (stored && validateCep(stored).ok) return stored
    localStorage.removeItem(CEP_KEY)
  } catch {
    // no storage
  }
  return ""
}

export function storeCep(cep: string) {
  try {
    localStorage.setItem(CEP_KEY, cep)
  } catch {
    // no storage
  }
}
