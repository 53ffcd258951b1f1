/** How many of a character a cart line may hold, and reading a quantity typed or stored. */
export const MIN_QUANTITY = 1
export const MAX_QUANTITY = 10

function toNumber(raw: unknown): number {
  if (typeof raw === "number") return raw
  // Blank text would become 0 through Number() and silently remove the line; treat it as garbage instead.
  if (typeof raw === "string" && raw.trim() !== "") return Number(raw.trim())
  return Number.NaN
}

/**
 * Quantities arrive from inputs and stored guest carts, so anything unreadable falls back to one item
 * rather than failing the whole cart; zero or less is the shopper's way of asking to remove the line.
 */
export function normalizeQuantity(raw: unknown): number | "remove" {
  const n = toNumber(raw)
  if (Number.isNaN(n)) return MIN_QUANTITY
  const whole = Math.trunc(n)
  if (whole < MIN_QUANTITY) return "remove"
  return Math.min(whole, MAX_QUANTITY)
}
