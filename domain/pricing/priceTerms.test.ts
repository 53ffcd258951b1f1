import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CATEGORY_PRICES } from "./collectionPrice"
import {
  DEFAULT_PRICE_TERMS,
  interestFreeInstallments,
  type PriceTerms,
  pixPrice,
  priceDisplay,
} from "./priceTerms"

const terms = (over: Partial<PriceTerms> = {}): PriceTerms => ({ ...DEFAULT_PRICE_TERMS, ...over })
// formatBRL uses a no-break space between "R$" and the amount.
const plain = (text: string | null) => text?.replace(/\u00a0/g, " ") ?? null

describe("pixPrice", () => {
  it("rounds the discounted price down to the centavo", () => {
    expect(pixPrice(29_990, 500)).toBe(28_490)
    expect(pixPrice(49_990, 500)).toBe(47_490)
    expect(pixPrice(100, 0)).toBe(100)
  })

  it.each([-1, 3_001, 1.5])("refuses a discount of %s basis points", (bp) => {
    expect(() => pixPrice(29_990, bp)).toThrow(RangeError)
  })

  it("never goes above the price nor below the full discount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        (price, bp) => {
          const pix = pixPrice(price, bp)
          expect(pix).toBeLessThanOrEqual(price)
          expect(pix).toBeGreaterThanOrEqual(Math.floor((price * (10_000 - bp)) / 10_000) - 1)
        },
      ),
    )
  })
})

describe("interestFreeInstallments", () => {
  it("takes the least of the store's offer, the gateway's table and the smallest instalment", () => {
    expect(interestFreeInstallments(29_990, terms(), null)).toBe(12)
    expect(interestFreeInstallments(29_990, terms({ interestFreeInstallments: 6 }), null)).toBe(6)
    expect(interestFreeInstallments(29_990, terms(), 3)).toBe(3)
    expect(interestFreeInstallments(1_990, terms(), null)).toBe(3)
    expect(interestFreeInstallments(400, terms(), null)).toBe(1)
  })
})

describe("priceDisplay", () => {
  it("shows the issue's example", () => {
    const shown = priceDisplay(29_990, terms())
    expect(plain(shown.cardPrice)).toBe("R$ 299,90")
    expect(plain(shown.installments)).toBe("em até 12x de R$ 24,99 sem juros")
    expect(plain(shown.pix)).toBe("R$ 284,90 no PIX")
  })

  it.each(Object.entries(CATEGORY_PRICES))("offers every category price (%s) both ways", (_, category) => {
    const shown = priceDisplay(category.price, terms())
    expect(shown.installments).toMatch(/^em até 12x de R\$\s[\d.]+,\d{2} sem juros$/)
    expect(shown.pixCents).toBe(pixPrice(category.price, 500))
  })

  it("has no instalment line when the price is paid at once, and no PIX line without a discount", () => {
    const shown = priceDisplay(29_990, terms({ interestFreeInstallments: 1, pixDiscountBasisPoints: 0 }))
    expect(shown.installments).toBeNull()
    expect(shown.pix).toBeNull()
  })
})
