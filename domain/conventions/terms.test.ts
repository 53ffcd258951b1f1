import { describe, expect, it } from "vitest"
import { conventionsFrom, conventionsToStored, DEFAULT_CONVENTIONS } from "./terms"

describe("conventionsFrom", () => {
  it("gives the defaults for nothing stored", () => {
    expect(conventionsFrom(undefined)).toEqual(DEFAULT_CONVENTIONS)
    expect(conventionsFrom("5%")).toEqual(DEFAULT_CONVENTIONS)
  })

  it("round-trips what the settings screen stores", () => {
    const saved = {
      priceTerms: { pixDiscountBasisPoints: 1000, interestFreeInstallments: 6, minInstallmentCents: 2000 },
      coinTerms: { centsPerCoin: 5, maxPercentOfOrder: 10 },
      purchaseWindowHours: 24,
    }
    expect(conventionsFrom(conventionsToStored(saved))).toEqual(saved)
  })

  it("takes the default for each field out of bounds or of the wrong type, keeping the others", () => {
    const read = conventionsFrom({
      pixDiscountBasisPoints: 9000,
      interestFreeInstallments: 13,
      minInstallmentCents: 100,
      centsPerCoin: "10",
      maxPercentOfOrder: 2.5,
      purchaseWindowHours: 72,
    })
    expect(read.priceTerms).toEqual(DEFAULT_CONVENTIONS.priceTerms)
    expect(read.coinTerms).toEqual(DEFAULT_CONVENTIONS.coinTerms)
    expect(read.purchaseWindowHours).toBe(72)
  })
})
