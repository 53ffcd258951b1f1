import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type InstallmentOption,
  installmentMessage,
  isOfferedInstallment,
  MAX_INSTALLMENTS,
  SANDBOX_INTEREST,
  sandboxInstallments,
} from "./installments"

const plain = (text: string) => text.replace(/\u00a0/g, " ")

const option = (options: InstallmentOption[], n: number) => options.find((o) => o.installments === n)!

describe("installmentMessage", () => {
  it.each<[number, number, number, number, string]>([
    [1, 29990, 29990, 0, "1x de R$ 299,90"],
    // One instalment always shows the total, whatever the other figures say.
    [1, 12345, 29990, 0, "1x de R$ 299,90"],
    [2, 14995, 29990, 0, "2x de R$ 149,95 sem juros"],
    [3, 10000, 30000, 0, "3x de R$ 100,00 sem juros"],
    [12, 3012, 36144, 2.99, "12x de R$ 30,12 (R$ 361,44)"],
    [4, 26896, 107584, 2.99, "4x de R$ 268,96 (R$ 1.075,84)"],
  ])("%ix of %i (total %i, %d%%) → %s", (n, each, total, rate, text) => {
    expect(plain(installmentMessage(n, each, total, rate))).toBe(text)
  })

  it("keeps Intl's non-breaking space after R$", () => {
    expect(installmentMessage(3, 10000, 30000, 0)).toBe("3x de R$\u00a0100,00 sem juros")
  })
})

describe("sandboxInstallments", () => {
  it("offers 1x to 12x, in order", () => {
    expect(MAX_INSTALLMENTS).toBe(12)
    expect(sandboxInstallments(29990).map((o) => o.installments)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ])
  })

  it("is free of interest up to 3x, then 2.99% a month", () => {
    expect(SANDBOX_INTEREST).toEqual({ freeUpTo: 3, monthlyRatePercent: 2.99 })
    expect(sandboxInstallments(29990).map((o) => o.rate)).toEqual([
      0, 0, 0, 2.99, 2.99, 2.99, 2.99, 2.99, 2.99, 2.99, 2.99, 2.99,
    ])
  })

  it.each([
    [30000, 1, 30000, 30000, "1x de R$ 300,00"],
    [30000, 2, 15000, 30000, "2x de R$ 150,00 sem juros"],
    [30000, 3, 10000, 30000, "3x de R$ 100,00 sem juros"],
    [29990, 3, 9996, 29990, "3x de R$ 99,96 sem juros"],
    [10000, 3, 3333, 10000, "3x de R$ 33,33 sem juros"],
    [10001, 2, 5000, 10001, "2x de R$ 50,00 sem juros"],
    // French amortisation at 2.99% a month (checked with decimal arithmetic, half up).
    [30000, 4, 8069, 32276, "4x de R$ 80,69 (R$ 322,76)"],
    [30000, 6, 5536, 33216, "6x de R$ 55,36 (R$ 332,16)"],
    [30000, 10, 3515, 35150, "10x de R$ 35,15 (R$ 351,50)"],
    [30000, 12, 3012, 36144, "12x de R$ 30,12 (R$ 361,44)"],
    [29990, 12, 3011, 36132, "12x de R$ 30,11 (R$ 361,32)"],
    [100000, 4, 26896, 107584, "4x de R$ 268,96 (R$ 1.075,84)"],
    [100000, 12, 10040, 120480, "12x de R$ 100,40 (R$ 1.204,80)"],
  ])("%i centavos in %ix: %i each, %i in all", (amount, n, each, total, text) => {
    const o = option(sandboxInstallments(amount), n)
    expect(o.installmentAmount).toBe(each)
    expect(o.totalAmount).toBe(total)
    expect(plain(o.message)).toBe(text)
  })

  it("honours a lower maximum and never goes above 12", () => {
    expect(sandboxInstallments(29990, 6)).toHaveLength(6)
    expect(sandboxInstallments(29990, 1).map((o) => o.installments)).toEqual([1])
    expect(sandboxInstallments(29990, 0)).toEqual([])
    expect(sandboxInstallments(29990, 24)).toHaveLength(12)
  })

  it("interest-free options add up to exactly the amount; the first part carries the centavos left", () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 10_000_000 }), (amount) => {
        for (const o of sandboxInstallments(amount, 12, 12)) {
          expect(o.rate).toBe(0)
          expect(o.totalAmount).toBe(amount)
          // What is advertised never adds up to more than the amount; the first part makes up the rest.
          const first = amount - o.installmentAmount * (o.installments - 1)
          expect(first - o.installmentAmount).toBeGreaterThanOrEqual(0)
          expect(first - o.installmentAmount).toBeLessThan(o.installments)
          expect(o.message.endsWith(o.installments === 1 ? "" : " sem juros")).toBe(true)
        }
      }),
    )
  })

  it("options with interest cost more than the amount, more for each extra month, and say the total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10_000_000 }), (amount) => {
        const withInterest = sandboxInstallments(amount).slice(3)
        let previous = amount
        for (const o of withInterest) {
          expect(o.totalAmount).toBe(o.installmentAmount * o.installments)
          expect(o.totalAmount).toBeGreaterThan(previous)
          previous = o.totalAmount
          expect(plain(o.message)).toMatch(/^\d{1,2}x de R\$ [\d.]+,\d{2} \(R\$ [\d.]+,\d{2}\)$/)
          expect(o.message).not.toContain("sem juros")
        }
      }),
    )
  })

  it("every option is a whole number of centavos and never negative", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (amount) => {
        for (const o of sandboxInstallments(amount)) {
          expect(Number.isSafeInteger(o.installmentAmount)).toBe(true)
          expect(Number.isSafeInteger(o.totalAmount)).toBe(true)
          expect(o.installmentAmount).toBeGreaterThanOrEqual(0)
          expect(o.totalAmount).toBeGreaterThanOrEqual(amount > 0 && o.installments <= 3 ? amount : 0)
        }
      }),
    )
  })
})

describe("isOfferedInstallment", () => {
  const options = sandboxInstallments(29990, 6)
  it.each([
    [1, true],
    [6, true],
    [7, false],
    [12, false],
    [0, false],
    [-1, false],
    [2.5, false],
    [Number.NaN, false],
  ])("%d → %s", (n, offered) => {
    expect(isOfferedInstallment(options, n)).toBe(offered)
  })

  it("nothing is offered from an empty table", () => {
    expect(isOfferedInstallment([], 1)).toBe(false)
  })
})
