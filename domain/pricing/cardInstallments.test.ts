import { describe, expect, it } from "vitest"
import { formatBRL } from "../money"
import { displayPrice, gatewayFreeUpTo, offeredInstallments } from "./cardInstallments"
import { CATEGORY_PRICES } from "./collectionPrice"
import { MAX_INSTALLMENTS, sandboxInstallments } from "./installments"
import { DEFAULT_PRICE_TERMS, type PriceTerms } from "./priceTerms"

const terms = (over: Partial<PriceTerms> = {}): PriceTerms => ({ ...DEFAULT_PRICE_TERMS, ...over })
const plain = (text: string | null) => text?.replace(/\u00a0/g, " ") ?? null
const brl = (cents: number) => plain(formatBRL(cents))
const prices = Object.entries(CATEGORY_PRICES).map(([key, c]) => [key, c.price] as const)
/** "em até 12x de R$ 24,99 sem juros" → 12 */
const promised = (line: string | null) => (line ? Number(/em até (\d+)x/.exec(line)?.[1]) : 1)
const freeOptions = (options: ReturnType<typeof sandboxInstallments>) =>
  options.filter((o) => o.rate === 0).map((o) => o.installments)

describe("every category price on the store's default terms (5 % PIX, 12x)", () => {
  it.each(prices)("%s: card price, 12 interest-free instalments, PIX price", (_, price) => {
    const shown = displayPrice(price, { terms: terms(), gatewayFreeUpTo: null })
    expect(plain(shown.cardPrice)).toBe(brl(price))
    expect(plain(shown.installments)).toBe(`em até 12x de ${brl(Math.floor(price / 12))} sem juros`)
    expect(shown.pixCents).toBe(Math.floor((price * 95) / 100))
    expect(plain(shown.pix)).toBe(`${brl(Math.floor((price * 95) / 100))} no PIX`)
  })
})

describe("instalments as advertised", () => {
  it("never add up to more than the price: R$ 499,90 is 12x de R$ 41,65, the first carrying the centavos", () => {
    expect(plain(displayPrice(49990).installments)).toBe("em até 12x de R$ 41,65 sem juros")
    for (const [, price] of prices)
      for (const option of sandboxInstallments(price, 12, 12)) {
        expect(option.installmentAmount * option.installments).toBeLessThanOrEqual(price)
        expect(price - option.installmentAmount * option.installments).toBeLessThan(option.installments)
        expect(option.totalAmount).toBe(price)
      }
  })
})

describe("every category price on other terms", () => {
  it.each(prices)("%s: 6x and 10 % PIX", (_, price) => {
    const shown = displayPrice(price, {
      terms: terms({ interestFreeInstallments: 6, pixDiscountBasisPoints: 1_000 }),
      gatewayFreeUpTo: null,
    })
    expect(plain(shown.installments)).toBe(`em até 6x de ${brl(Math.floor(price / 6))} sem juros`)
    expect(plain(shown.pix)).toBe(`${brl(Math.floor((price * 9) / 10))} no PIX`)
  })

  it.each(prices)("%s: the gateway's table caps the store's offer (3x)", (_, price) => {
    const shown = displayPrice(price, { terms: terms(), gatewayFreeUpTo: 3 })
    expect(plain(shown.installments)).toBe(`em até 3x de ${brl(Math.floor(price / 3))} sem juros`)
  })

  it.each(prices)("%s: no PIX line at 0 %, no instalment line at 1x", (_, price) => {
    const shown = displayPrice(price, {
      terms: terms({ pixDiscountBasisPoints: 0, interestFreeInstallments: 1 }),
      gatewayFreeUpTo: null,
    })
    expect(plain(shown.cardPrice)).toBe(brl(price))
    expect(shown.pix).toBeNull()
    expect(shown.pixCents).toBeNull()
    expect(shown.installments).toBeNull()
  })
})

describe("gatewayFreeUpTo", () => {
  it("reads the most instalments at rate 0 from a table", () => {
    expect(gatewayFreeUpTo(sandboxInstallments(29_990))).toBe(3)
    expect(gatewayFreeUpTo(sandboxInstallments(29_990, MAX_INSTALLMENTS, 10))).toBe(10)
    expect(gatewayFreeUpTo([])).toBe(1)
  })
})

describe("the card step offers what the price promised", () => {
  const cases: [string, PriceTerms][] = [
    ["default", terms()],
    ["6x", terms({ interestFreeInstallments: 6 })],
    ["1x", terms({ interestFreeInstallments: 1 })],
    ["R$ 50 minimum", terms({ minInstallmentCents: 5_000 })],
  ]
  const amounts = [...prices.map(([, p]) => p), 1_990, 400, 12_345]

  it.each(cases)("a sandbox account configured with the store's setting (%s)", (_, t) => {
    for (const amount of amounts) {
      const table = sandboxInstallments(amount, MAX_INSTALLMENTS, t.interestFreeInstallments)
      const offered = offeredInstallments(table, amount, t)
      const shown = displayPrice(amount, { terms: t, gatewayFreeUpTo: gatewayFreeUpTo(table) })
      expect(Math.max(...freeOptions(offered))).toBe(promised(shown.installments))
      // The instalment the price names is the one the selector charges.
      const n = promised(shown.installments)
      if (n > 1) expect(plain(shown.installments)).toContain(brl(offered[n - 1]!.installmentAmount)!)
    }
  })

  it("drops interest-free options past the store's offer and keeps those with interest", () => {
    const table = sandboxInstallments(29_990, MAX_INSTALLMENTS, 12)
    const offered = offeredInstallments(table, 29_990, terms({ interestFreeInstallments: 4 }))
    expect(offered.map((o) => o.installments)).toEqual([1, 2, 3, 4])
    const gatewayCapped = offeredInstallments(sandboxInstallments(29_990), 29_990, terms())
    expect(gatewayCapped.map((o) => [o.installments, o.rate > 0])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, i + 1 > 3]),
    )
  })
})
