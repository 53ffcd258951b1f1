import type { Cents } from "../money"
import type { Month } from "./coverage"

/**
 * Each month's share of a charge that paid for `months` (in order): the amount split evenly, rounded down, the
 * centavos left over on the first month, so the shares always add up to the charge.
 */
export function monthShares(amount: Cents, months: readonly Month[]): ReadonlyMap<Month, Cents> {
  if (months.length === 0) return new Map()
  const each = Math.floor(amount / months.length)
  const remainder = amount - each * months.length
  return new Map(months.map((month, i) => [month, i === 0 ? each + remainder : each]))
}
