import { describe, expect, it } from "vitest"
import type { StoreConventions } from "../../../../domain/storeConventions"
import { pricePreview } from "./pricePreview"

const conventions = (pixDiscountBasisPoints: number, interestFreeInstallments: number): StoreConventions => ({
  priceTerms: { pixDiscountBasisPoints, interestFreeInstallments, minInstallmentCents: 500 },
  coinTerms: { centsPerCoin: 10, maxPercentOfOrder: 20 },
  purchaseWindowHours: 48,
})

describe("the settings' price preview", () => {
  it("shows the instalments and the PIX price the storefront will show", () => {
    expect(pricePreview(conventions(500, 12))).toBe(
      "Na vitrine, R$\u00a0299,90 aparece assim: em até 12x de R$\u00a024,99 sem juros · R$\u00a0284,90 no PIX.",
    )
    expect(pricePreview(conventions(0, 3))).toBe(
      "Na vitrine, R$\u00a0299,90 aparece assim: em até 3x de R$\u00a099,96 sem juros.",
    )
  })

  it("says the price shows alone with neither instalments nor PIX, as the storefront does (not 'à vista')", () => {
    expect(pricePreview(conventions(0, 1))).toBe(
      "Na vitrine, R$\u00a0299,90 aparece só com o preço, sem parcelas nem PIX.",
    )
  })

  it("asks for the values to be corrected first", () => {
    expect(pricePreview(conventions(5_000, 12))).toBe(
      "Corrija os valores para ver como os preços aparecem na vitrine.",
    )
  })
})
