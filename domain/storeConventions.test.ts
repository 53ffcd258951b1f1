import { describe, expect, it } from "vitest"
import {
  basisPointsToPercent,
  CONVENTION_MESSAGES,
  conventionErrors,
  conventionsFrom,
  conventionsToStored,
  DEFAULT_CONVENTIONS,
  percentToBasisPoints,
} from "./storeConventions"

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

describe("the settings screen's conventions", () => {
  it("reads percentages with a comma or a point, up to two decimals", () => {
    expect(percentToBasisPoints("5")).toBe(500)
    expect(percentToBasisPoints(" 5,5 ")).toBe(550)
    expect(percentToBasisPoints("2.25%")).toBe(225)
    expect(percentToBasisPoints("0")).toBe(0)
    for (const bad of ["", "5,555", "-1", "cinco", "1e2"]) expect(percentToBasisPoints(bad)).toBeNaN()
    expect(basisPointsToPercent(550)).toBe("5,5")
    expect(basisPointsToPercent(500)).toBe("5")
  })

  it("names every field out of bounds, and none for the defaults", () => {
    expect(conventionErrors(DEFAULT_CONVENTIONS)).toEqual({})
    const errors = conventionErrors({
      priceTerms: {
        pixDiscountBasisPoints: Number.NaN,
        interestFreeInstallments: 0,
        minInstallmentCents: 499,
      },
      coinTerms: { centsPerCoin: 101, maxPercentOfOrder: 101 },
      purchaseWindowHours: 169,
    })
    expect(errors).toEqual(CONVENTION_MESSAGES)
  })
})
