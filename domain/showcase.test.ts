import { describe, expect, it } from "vitest"
import { collectionFixture } from "../tests/fakes/catalogFixtures"
import { priceOf } from "./showcase"

describe("priceOf", () => {
  it("takes a collection's stored price as centavos (R$ 399,90, never R$ 39.990,00)", () => {
    expect(priceOf(collectionFixture({ price: 39_990 }))).toBe(39_990)
    expect(priceOf(collectionFixture({ price: null, finalPrice: 45_990 }))).toBe(45_990)
  })

  it("falls back to the category's configured price, then the spec's table", () => {
    const heroes = collectionFixture({ price: null, finalPrice: null, pricePerBox: null, theme: "heroes" })
    expect(priceOf(heroes, new Map([["heroes", 51_990]]))).toBe(51_990)
    expect(priceOf(heroes)).toBe(49_990)
  })
})
