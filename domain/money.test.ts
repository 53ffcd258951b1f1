import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  applyPercentDiscount,
  assertCents,
  divideRoundHalfUp,
  formatBRL,
  multiply,
  parseReaisToCents,
  percentOf,
  sum,
} from "./money"

const plain = (text: string) => text.replace(/\u00a0/g, " ")

describe("parseReaisToCents", () => {
  it.each<[unknown, number | null]>([
    [299.9, 29990],
    [299.99, 29999],
    [0, 0],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.004, 100],
    [19.99, 1999],
    [1e21, null],
    [1e-7, 0],
    ["299.90", 29990],
    ["299,90", 29990],
    ["R$ 1.299,90", 129990],
    ["R$\u00a01.299,90", 129990],
    ["R$299,90", 29990],
    ["1299.9", 129990],
    ["1,299.90", 129990],
    ["1.299.000", 129900000],
    ["1.299", 129900],
    ["0.125", 13],
    ["12.5", 1250],
    ["  399  ", 39900],
    ["10,005", 1001],
    [",5", 50],
    ["1299.", 129900],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [-1, null],
    ["-1", null],
    ["", null],
    ["   ", null],
    ["R$", null],
    ["abc", null],
    ["12a", null],
    ["1.2.3,4,5", null],
    ["12.34.567", null],
    ["1,2,3", null],
    ["..", null],
    [null, null],
    [undefined, null],
    [{}, null],
    [true, null],
    [29990n, null],
  ])("%o → %o", (input, expected) => {
    expect(parseReaisToCents(input)).toBe(expected)
  })

  it("numbers with at most two decimals parse exactly (no float drift)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseReaisToCents(cents / 100)).toBe(cents)
        expect(parseReaisToCents((cents / 100).toFixed(2))).toBe(cents)
        expect(parseReaisToCents((cents / 100).toFixed(2).replace(".", ","))).toBe(cents)
      }),
    )
  })

  it("parses its own pt-BR formatting back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseReaisToCents(formatBRL(cents))).toBe(cents)
      }),
    )
  })
})

describe("percentOf (round half up to the centavo)", () => {
  it.each([
    [89970, 10, 8997],
    [179940, 15, 26991],
    [359880, 20, 71976],
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [25, 10, 3],
    [1, 50, 1],
    [1, 49, 0],
    [29990, 0, 0],
    [29990, 100, 29990],
    [1000, 12.5, 125],
    [1, 12.5, 0],
    [4, 12.5, 1],
    [333, 33.333333, 111],
    [-5, 10, 0],
    [-15, 10, -1],
    [-25, 10, -2],
    [0, 37, 0],
  ])("%i × %s%% = %i", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected)
  })

  it.each([
    [1.5, 10],
    [100, Number.NaN],
    [100, Number.POSITIVE_INFINITY],
  ])("rejects %s × %s%%", (amount, percent) => {
    expect(() => percentOf(amount, percent)).toThrow(RangeError)
  })

  it("never drifts more than half a centavo from the exact value, rounding ties up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, pct) => {
          const result = percentOf(amount, pct)
          const exactTimes100 = amount * pct
          // 100·result − exact lies in (−50, 50]: the nearest centavo, ties going up.
          expect(result * 100 - exactTimes100).toBeGreaterThan(-50)
          expect(result * 100 - exactTimes100).toBeLessThanOrEqual(50)
        },
      ),
    )
  })

  it("is monotonic in the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, pct) => {
          expect(percentOf(amount + 1, pct)).toBeGreaterThanOrEqual(percentOf(amount, pct))
        },
      ),
    )
  })
})

describe("applyPercentDiscount", () => {
  it.each([
    [29990, 10, 2999, 26991],
    [89970, 10, 8997, 80973],
    [15, 10, 2, 13],
    [29990, 0, 0, 29990],
    [29990, 100, 29990, 0],
  ])("%i − %i%% → discount %i, total %i", (amount, pct, discount, total) => {
    expect(applyPercentDiscount(amount, pct)).toEqual({ discount, total })
  })

  it("discount + total always equals the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, p) => {
          const { discount, total } = applyPercentDiscount(a, p)
          expect(discount + total).toBe(a)
          expect(Number.isInteger(discount)).toBe(true)
        },
      ),
    )
  })
})

describe("divideRoundHalfUp", () => {
  it.each([
    [80973, 3, 26991],
    [152949, 6, 25492],
    [287904, 12, 23992],
    [5, 2, 3],
    [7, 2, 4],
    [4, 3, 1],
    [5, 3, 2],
    [0, 7, 0],
  ])("%i / %i = %i", (amount, divisor, expected) => {
    expect(divideRoundHalfUp(amount, divisor)).toBe(expected)
  })

  it.each([0, -1, 1.5])("rejects divisor %s", (divisor) => {
    expect(() => divideRoundHalfUp(100, divisor)).toThrow(RangeError)
  })
})

describe("multiply, sum and assertCents", () => {
  it.each([
    [29990, 3, 89970],
    [29990, 0, 0],
    [1, 12, 12],
  ])("multiply(%i, %i) = %i", (amount, qty, expected) => {
    expect(multiply(amount, qty)).toBe(expected)
  })

  it.each([
    [29.99, 2],
    [2999, 1.5],
    [Number.MAX_SAFE_INTEGER, 2],
  ])("multiply(%s, %s) throws", (amount, qty) => {
    expect(() => multiply(amount, qty)).toThrow(RangeError)
  })

  it.each([
    [[], 0],
    [[29990], 29990],
    [[29990, 39990, 1], 69981],
    [[100, -40], 60],
  ])("sum(%o) = %i", (amounts, expected) => {
    expect(sum(amounts)).toBe(expected)
  })

  it("sum rejects fractional amounts", () => {
    expect(() => sum([100, 0.5])).toThrow(RangeError)
  })

  it.each([0, 1, -1, 29990])("assertCents(%s) returns it", (n) => {
    expect(assertCents(n)).toBe(n)
  })

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "100", null])(
    "assertCents(%s) throws",
    (n) => {
      expect(() => assertCents(n)).toThrow(RangeError)
    },
  )
})

describe("formatBRL", () => {
  it.each([
    [29990, "R$ 299,90"],
    [0, "R$ 0,00"],
    [1, "R$ 0,01"],
    [129990, "R$ 1.299,90"],
    [100000000, "R$ 1.000.000,00"],
    [-2999, "-R$ 29,99"],
  ])("%i → %s", (cents, text) => {
    expect(plain(formatBRL(cents))).toBe(text)
  })

  it("keeps Intl's non-breaking space after the symbol", () => {
    expect(formatBRL(29990)).toBe("R$\u00a0299,90")
  })

  it("throws on fractional centavos", () => {
    expect(() => formatBRL(0.5)).toThrow(RangeError)
  })

  it("writes what Intl writes, for any amount", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatBRL(cents)).toBe(intl.format(cents / 100))
      }),
    )
  })
})
