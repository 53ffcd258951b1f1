import { randomInt } from "node:crypto"

const DIGITS = 18

/**
 * A new sandbox payment id: digits like Mercado Pago's (the boleto's "nosso número" is cut from it), random so
 * that no one reaches another buyer's payment by counting. 18 digits, first non-zero: about 60 bits, and
 * still within a signed 64-bit integer for anything that reads it as a number.
 */
export function newSandboxPaymentId(): string {
  let id = String(randomInt(1, 10))
  while (id.length < DIGITS) id += String(randomInt(0, 10))
  return id
}
