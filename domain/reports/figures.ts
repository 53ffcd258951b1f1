import type { Cents } from "../money"

/**
 * Revenue ÷ paid orders in whole centavos, half a centavo rounded up (R$ 100,00 over 3 orders is R$ 33,33; R$ 0,05
 * over 2 is R$ 0,03); no orders, no ticket (0). Integers only, so no float ever decides a centavo.
 */
export function averageTicket(revenue: Cents, paidOrders: number): Cents {
  if (paidOrders <= 0) return 0
  return Math.floor((2 * revenue + paidOrders) / (2 * paidOrders))
}

/** Active subscriptions charging `amount` every `frequencyMonths`, summed per frequency by the query. */
export interface RecurringGroup {
  readonly frequencyMonths: number
  readonly subscriptions: number
  /** The sum of their per-charge amounts. */
  readonly amount: Cents
}

/**
 * Monthly recurring revenue: each active subscription's charge spread over the months it pays for (a bimonthly
 * R$ 159,80 counts R$ 79,90 a month), summed, then rounded once to the centavo (half up), so twenty bimonthly
 * odd amounts do not gain ten centavos of rounding.
 */
export function monthlyRecurringRevenue(groups: readonly RecurringGroup[]): Cents {
  // Exact: a common denominator over the frequencies (1, 2, 3, 6, 12 in practice), then one rounding.
  const denominator = groups.reduce((d, g) => lcm(d, Math.max(1, g.frequencyMonths)), 1)
  const numerator = groups.reduce((n, g) => n + g.amount * (denominator / Math.max(1, g.frequencyMonths)), 0)
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b
