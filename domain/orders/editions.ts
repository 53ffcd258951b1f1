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
  /** Serials of paid units whose order was cancelled: issued again, lowest first, before any new one. */
  readonly returned?: readonly number[]
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

/**
 * Paid units leave the reservation and take serial numbers: first those given back by cancelled orders (lowest
 * first), then the next never issued. The highest serial issued is always `sold + returned.length`, so no serial
 * is ever held by two buyers and none goes past the edition's size.
 */
export function confirmUnits(
  stock: EditionStock,
  quantity: number,
): { stock: EditionStock; serials: number[] } {
  const returned = [...(stock.returned ?? [])].sort((a, b) => a - b)
  const reused = returned.slice(0, quantity)
  const highest = stock.sold + returned.length
  const fresh = Array.from({ length: quantity - reused.length }, (_, i) => highest + i + 1)
  return {
    stock: {
      ...stock,
      reserved: Math.max(0, stock.reserved - quantity),
      sold: stock.sold + quantity,
      ...(stock.returned ? { returned: returned.slice(reused.length) } : {}),
    },
    serials: [...reused, ...fresh],
  }
}

/** A paid order cancelled before it shipped gives its units back to the edition, serials kept for reissue. */
export function returnSoldUnits(stock: EditionStock, serials: readonly number[]): EditionStock {
  const back = serials.filter((s) => !(stock.returned ?? []).includes(s))
  return {
    ...stock,
    sold: Math.max(0, stock.sold - back.length),
    returned: [...(stock.returned ?? []), ...back].sort((a, b) => a - b),
  }
}

/** "37/500", as printed on the certificate. */
export const serialLabel = (serial: number, size: number): string => `${serial}/${size}`
