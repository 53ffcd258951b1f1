/** Money is an integer number of centavos so sums and comparisons never drift. */
import { assertCents, type Cents } from "./cents"

// The core (centavos, a product, a sum and the pt-BR text) lives in ./cents, which the browser's shell imports.
export { assertCents, type Cents, formatBRL, multiply, sum } from "./cents"

/** Exact decimal → centavos; a third decimal of 5 or more rounds up (half up). */
function decimalToCents(integerDigits: string, fractionDigits: string): Cents | null {
  const padded = fractionDigits.padEnd(3, "0")
  const roundUp = Number(padded[2]) >= 5 ? 1 : 0
  const cents = Number(integerDigits || "0") * 100 + Number(padded.slice(0, 2)) + roundUp
  return Number.isSafeInteger(cents) ? cents : null
}

function splitThousands(integerPart: string, separator: string): string | null {
  if (!integerPart.includes(separator)) return /^\d*$/.test(integerPart) ? integerPart : null
  const groups = integerPart.split(separator)
  const [head, ...rest] = groups
  if (head === undefined || !/^\d{1,3}$/.test(head) || !rest.every((g) => /^\d{3}$/.test(g))) return null
  return groups.join("")
}

function pickDecimalSeparator(text: string, loneDotIsDecimal: boolean): "." | "," | null {
  const lastDot = text.lastIndexOf(".")
  const lastComma = text.lastIndexOf(",")
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? "." : ","
  // A repeated separator can only be grouping ("1.299.000").
  if (lastComma >= 0) return text.indexOf(",") === lastComma ? "," : null
  if (lastDot < 0 || text.indexOf(".") !== lastDot) return null
  // Typed pt-BR "1.299" means a thousand; machine text such as "1299.9" or "0.125" is decimal.
  return loneDotIsDecimal || !/^[1-9]\d{0,2}\.\d{3}$/.test(text) ? "." : null
}

function parseDecimalString(raw: string, loneDotIsDecimal: boolean): Cents | null {
  const text = raw.replace(/^R\$/i, "").replace(/[\s\u00a0]/g, "")
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null
  const decimalSep = pickDecimalSeparator(text, loneDotIsDecimal)
  const groupSep = decimalSep === "." ? "," : decimalSep === "," ? "." : text.includes(",") ? "," : "."
  const decimalAt = decimalSep === null ? -1 : text.lastIndexOf(decimalSep)
  const integerRaw = decimalAt < 0 ? text : text.slice(0, decimalAt)
  const fraction = decimalAt < 0 ? "" : text.slice(decimalAt + 1)
  if (!/^\d*$/.test(fraction)) return null
  const integerDigits = splitThousands(integerRaw, groupSep)
  if (integerDigits === null || integerDigits + fraction === "") return null
  return decimalToCents(integerDigits, fraction)
}

/** Reais (number or user/DB text such as "R$ 1.299,90") → centavos; null when not a non-negative amount. */
export function parseReaisToCents(input: unknown): Cents | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null
    const text = String(input)
    // The shortest round-trip decimal of a double is what the author typed, so 299.9 stays 299.9.
    if (/e/i.test(text)) return Number.isSafeInteger(Math.round(input * 100)) ? Math.round(input * 100) : null
    return parseDecimalString(text, true)
  }
  if (typeof input !== "string") return null
  return parseDecimalString(input.trim(), false)
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

const PERCENT_SCALE = 1_000_000n

/**
 * Rounding rule for every percentage in the store: round half up (towards +∞) to the nearest centavo.
 * The percent is scaled to a millionth so the whole computation is integer arithmetic: no float drift.
 */
export function percentOf(amount: Cents, percent: number): Cents {
  assertCents(amount)
  if (!Number.isFinite(percent)) throw new RangeError(`Invalid percent: ${percent}`)
  const scaledPercent = BigInt(Math.round(percent * Number(PERCENT_SCALE)))
  const denominator = 100n * PERCENT_SCALE
  return assertCents(Number(floorDiv(BigInt(amount) * scaledPercent * 2n + denominator, denominator * 2n)))
}

export function applyPercentDiscount(amount: Cents, percent: number): { discount: Cents; total: Cents } {
  const discount = percentOf(amount, percent)
  return { discount, total: amount - discount }
}

/** Half-up integer division, used to split a total (e.g. per-month price) without floats. */
export function divideRoundHalfUp(amount: Cents, divisor: number): Cents {
  assertCents(amount)
  if (!Number.isSafeInteger(divisor) || divisor <= 0) throw new RangeError(`Invalid divisor: ${divisor}`)
  return Number(floorDiv(BigInt(amount) * 2n + BigInt(divisor), BigInt(divisor) * 2n))
}
