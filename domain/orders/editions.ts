/**
 * Numbered editions: a product with an `editionSize` has that many units in all. Units are reserved when an
 * order is placed, confirmed (and numbered) on payment, released on expiry or rejection. A product without a
 * size is made to order and never runs out.
 */
export interface EditionStock {
  readonly size: number | null
  readonly reserved: number
  readonly sold: number
  /** Held for open waitlist offers: not the public's to buy. */
  readonly offered?: number
}

export const EDITION_MESSAGES = {
  soldOut: (name: string) => `${name}: edição esgotada`,
  notEnough: (name: string, left: number) =>
    left === 1 ? `${name}: resta apenas 1 unidade` : `${name}: restam apenas ${left} unidades`,
} as const

export const unitsLeft = (stock: EditionStock): number | null =>
  stock.size === null ? null : Math.max(0, stock.size - stock.reserved - stock.sold - (stock.offered ?? 0))

export type Reservation = { ok: true; stock: EditionStock } | { ok: false; left: number }

export function reserveUnits(stock: EditionStock, quantity: number): Reservation {
  const left = unitsLeft(stock)
  if (left !== null && quantity > left) return { ok: false, left }
  return { ok: true, stock: { ...stock, reserved: stock.reserved + quantity } }
}

export function releaseUnits(stock: EditionStock, quantity: number): EditionStock {
  return { ...stock, reserved: Math.max(0, stock.reserved - quantity) }
}

/** Paid units leave the reservation and take the next serial numbers, in order. */
export function confirmUnits(
  stock: EditionStock,
  quantity: number,
): { stock: EditionStock; serials: number[] } {
  const serials = Array.from({ length: quantity }, (_, i) => stock.sold + i + 1)
  return {
    stock: { ...stock, reserved: Math.max(0, stock.reserved - quantity), sold: stock.sold + quantity },
    serials,
  }
}

/** "37/500", as printed on the certificate. */
export const serialLabel = (serial: number, size: number): string => `${serial}/${size}`
