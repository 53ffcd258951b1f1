import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type PricedUnits, pixDiscountOn, pixItemsPrice, pixPrice } from "./pixPrice"

const units = (...pairs: [number, number][]): PricedUnits[] =>
  pairs.map(([unitPrice, quantity]) => ({ unitPrice, quantity }))
const listed = (us: readonly PricedUnits[]) => us.reduce((n, u) => n + u.unitPrice * u.quantity, 0)

describe("the PIX price of some items", () => {
  // Each row: the items, what the cards' PIX unit prices × quantities sum to, and the 5 % off the sum that naive
  // rounding once on the total would charge (a centavo more).
  it.each([
    ["2 × R$ 349,90", units([34990, 2]), 66480, 66481],
    ["R$ 349,90 + R$ 299,90", units([34990, 1], [29990, 1]), 61730, 61731],
    ["R$ 349,90 + R$ 449,90", units([34990, 1], [44990, 1]), 75980, 75981],
    ["3 × R$ 399,90", units([39990, 3]), 113970, 113971],
    ["2 × R$ 349,90 + R$ 299,90", units([34990, 2], [29990, 1]), 94970, 94971],
    ["2 × R$ 299,90", units([29990, 2]), 56980, 56981],
    ["R$ 499,90 + R$ 349,90", units([49990, 1], [34990, 1]), 80730, 80731],
  ])("%s is the sum of the PIX unit prices shown", (_, items, shownSum, naive) => {
    expect(items.reduce((n, u) => n + pixPrice(u.unitPrice, 500) * u.quantity, 0)).toBe(shownSum)
    expect(pixItemsPrice(items, 500)).toBe(shownSum)
    expect(pixPrice(listed(items), 500)).toBe(naive)
  })

  it("is one unit's PIX price for one unit", () => {
    expect(pixItemsPrice(units([29990, 1]), 500)).toBe(28490)
    expect(pixItemsPrice(units([29990, 1]), 0)).toBe(29990)
  })

  it("always equals the sum of the PIX unit prices × quantities", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 10 })), {
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 3_000 }),
        (pairs, bp) => {
          const items = units(...pairs)
          const shown = items.reduce((n, u) => n + pixPrice(u.unitPrice, bp) * u.quantity, 0)
          expect(pixItemsPrice(items, bp)).toBe(shown)
        },
      ),
    )
  })
})

describe("the PIX discount after a coupon or coins", () => {
  it("is the per-unit discounts' share of what is left, rounded up for the buyer", () => {
    // 2 × R$ 349,90: the cards' discounts are 2 × R$ 17,50 = R$ 35,00; a 10 % coupon leaves 90 %: R$ 31,50.
    expect(pixDiscountOn(units([34990, 2]), 62982, 500)).toBe(3150)
    // R$ 299,90 less R$ 29,99 is R$ 269,91: 1500 × 26991 / 29990 = 1349,95… → R$ 13,50.
    expect(pixDiscountOn(units([29990, 1]), 26991, 500)).toBe(1350)
  })

  it("is none on nothing, and never more than with nothing taken off", () => {
    expect(pixDiscountOn(units([29990, 2]), 0, 500)).toBe(0)
    expect(pixDiscountOn([], 0, 500)).toBe(0)
    expect(pixDiscountOn(units([29990, 2]), 99_999, 500)).toBe(3000)
  })

  it("never exceeds what is left, and grows with it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 1, max: 10 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (pairs, bp, share) => {
          const items = units(...pairs)
          const left = Math.floor(listed(items) * share)
          const discount = pixDiscountOn(items, left, bp)
          expect(discount).toBeGreaterThanOrEqual(0)
          expect(discount).toBeLessThanOrEqual(left)
          expect(discount).toBeLessThanOrEqual(pixDiscountOn(items, Math.min(listed(items), left + 1), bp))
        },
      ),
    )
  })

  it("refuses a discount outside the settings' bounds", () => {
    expect(() => pixDiscountOn(units([29990, 1]), 29990, 3_001)).toThrow(RangeError)
  })
})
