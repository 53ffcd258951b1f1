import { describe, expect, it } from "vitest"
import { averageTicket, monthlyRecurringRevenue } from "./figures"

describe("average ticket", () => {
  it("divides revenue by paid orders in whole centavos, half a centavo up", () => {
    expect(averageTicket(10_000, 3)).toBe(3333)
    expect(averageTicket(20_000, 3)).toBe(6667)
    expect(averageTicket(5, 2)).toBe(3)
    expect(averageTicket(7, 2)).toBe(4)
    expect(averageTicket(29_990, 1)).toBe(29_990)
  })
  it("is zero without paid orders", () => {
    expect(averageTicket(0, 0)).toBe(0)
  })
})

describe("monthly recurring revenue", () => {
  it("spreads a bimonthly charge over its two months", () => {
    expect(monthlyRecurringRevenue([{ frequencyMonths: 2, subscriptions: 1, amount: 15_980 }])).toBe(7990)
  })
  it("sums monthly and bimonthly and rounds once", () => {
    // 3 monthly at R$ 89,90 + 2 bimonthly summing R$ 319,61 (159,805 a month) = 269,70 + 159,805 → 429,51
    expect(
      monthlyRecurringRevenue([
        { frequencyMonths: 1, subscriptions: 3, amount: 26_970 },
        { frequencyMonths: 2, subscriptions: 2, amount: 31_961 },
      ]),
    ).toBe(42_951)
    expect(monthlyRecurringRevenue([{ frequencyMonths: 3, subscriptions: 1, amount: 100 }])).toBe(33)
  })
  it("is zero without active subscriptions", () => {
    expect(monthlyRecurringRevenue([])).toBe(0)
  })
})
