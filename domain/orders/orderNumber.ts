/** The number a customer quotes ("LG-2026-000123"): the year of the order and a sequence. */
export function orderNumber(year: number, sequence: number): string {
  return `LG-${year}-${String(sequence).padStart(6, "0")}`
}

export const ORDER_NUMBER_PATTERN = /^LG-\d{4}-\d{6,}$/

// Crockford's base32: no I, L, O or U, so a code read over the phone is not mistaken.
export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
export const TRACKING_CODE_LENGTH = 12

/**
 * A tracking code that cannot be guessed from the order number: 12 base32 characters (60 bits) from the
 * random bytes given, grouped for reading ("LG7K2Q-9XW3PM" style, without the prefix).
 */
export function trackingCodeFrom(random: Uint8Array): string {
  if (random.length < 8) throw new RangeError("A tracking code needs at least 8 random bytes")
  let bits = 0n
  for (const byte of random.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte)
  let code = ""
  for (let i = 0; i < TRACKING_CODE_LENGTH; i++) {
    code += ALPHABET[Number(bits & 31n)]
    bits >>= 5n
  }
  return `${code.slice(0, 6)}-${code.slice(6)}`
}

/** A typed tracking code read leniently: lower case, no hyphen, and the letters people confuse. */
export function normalizeTrackingCode(raw: string): string | null {
  const text = raw.trim().toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1")
  if (text.length !== TRACKING_CODE_LENGTH || [...text].some((c) => !ALPHABET.includes(c))) return null
  return `${text.slice(0, 6)}-${text.slice(6)}`
}
