import type { RevealFacts } from "../catalog/characterDisclosure"
import type { Order } from "../orders/order"
import { ALPHABET } from "../orders/orderNumber"

/** A certificate of authenticity of one numbered unit (37/500), for a public page a collector can show. */
export interface Certificate {
  readonly code: string
  readonly orderId: string
  readonly productId: string
  readonly productName: string
  readonly collectionName: string
  readonly serial: number
  readonly editionSize: number
  /** When the unit was paid for (its number was given). */
  readonly issuedAt: number
  /** "A. S.": never the owner's full name (LGPD). */
  readonly ownerInitials: string
  /** Set when the order was cancelled, refunded or returned: the unit is no longer that owner's. */
  readonly revokedAt: number | null
  /** The character's reveal, read with the certificate (as for an order's line): its public page keeps to it. */
  readonly reveal?: RevealFacts | null
}

export const CERTIFICATE_CODE_LENGTH = 20
/** 20 base32 characters are 100 bits: no one finds a certificate by trying codes. */
export const CERTIFICATE_CODE_BYTES = 13

export function certificateCodeFrom(random: Uint8Array): string {
  if (random.length < CERTIFICATE_CODE_BYTES)
    throw new RangeError(`A certificate code needs ${CERTIFICATE_CODE_BYTES} random bytes`)
  let bits = 0n
  for (const byte of random.subarray(0, CERTIFICATE_CODE_BYTES)) bits = (bits << 8n) | BigInt(byte)
  let code = ""
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i++) {
    code += ALPHABET[Number(bits & 31n)]
    bits >>= 5n
  }
  return code.match(/.{5}/g)?.join("-") ?? code
}

/** A code as typed or read off a QR URL: any case, with or without hyphens; null when it cannot be one. */
export function normalizeCertificateCode(raw: string): string | null {
  const text = raw.trim().toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1")
  if (text.length !== CERTIFICATE_CODE_LENGTH || [...text].some((c) => !ALPHABET.includes(c))) return null
  return text.match(/.{5}/g)?.join("-") ?? null
}

// Particles of Brazilian names that are not initials ("Maria da Silva" → "M. S.").
const PARTICLES = new Set(["da", "das", "de", "do", "dos", "e"])

export function ownerInitials(fullName: string): string {
  const initials = fullName
    .trim()
    .split(/\s+/)
    .filter((word) => word && !PARTICLES.has(word.toLowerCase()))
    .map((word) => `${word.charAt(0).toLocaleUpperCase("pt-BR")}.`)
  if (initials.length === 0) return ""
  // The first and the last name: the middle ones add nothing a stranger needs.
  return (initials.length > 2 ? [initials[0], initials.at(-1)] : initials).join(" ")
}

export const editionLabel = (serial: number, editionSize: number) => `${serial}/${editionSize}`

/** The numbered units of a paid order, each needing one certificate, in a stable order. */
export function numberedUnits(order: Order) {
  return order.lines.flatMap((line) =>
    line.editionSize === null
      ? []
      : line.serials.map((serial) => ({
          productId: line.productId,
          productName: line.name,
          collectionName: line.collectionName,
          serial,
          editionSize: line.editionSize as number,
          reveal: line.reveal ?? null,
        })),
  )
}

/** One certificate per numbered unit of a paid order; `codes` are fresh, one per unit. */
export function certificatesFor(
  order: Order,
  ownerName: string,
  codes: readonly string[],
  issuedAt: number,
): readonly Certificate[] {
  if (order.status !== "paid") return []
  const units = numberedUnits(order)
  if (codes.length < units.length) throw new RangeError("One certificate code per numbered unit")
  const initials = ownerInitials(ownerName)
  return units.map((unit, i) => ({
    ...unit,
    code: codes[i] as string,
    orderId: order.id,
    issuedAt,
    ownerInitials: initials,
    revokedAt: null,
  }))
}
