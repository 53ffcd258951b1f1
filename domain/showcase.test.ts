import { describe, expect, it } from "vitest"
import { charactersFixture, collectionFixture } from "../tests/fakes/catalogFixtures"
import { saoPauloInstant } from "./calendar"
import { characterCard, priceOf } from "./showcase"

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

describe("characterCard before and after the reveal", () => {
  it("names an unrevealed character by its opaque id, never its slug, and by its slug from the reveal", () => {
    const anime = collectionFixture({ slug: "anime", theme: "anime" })
    const november = charactersFixture(anime, { year: 2026, month: 11 })[0]
    if (!november) throw new Error("no character")
    const before = characterCard(november, anime, {
      now: november.revealAt - 1,
      isSubscriber: false,
    })
    expect(before).toMatchObject({ slug: november.id, name: "Personagem Misterioso", rarity: null })
    expect(JSON.stringify(before)).not.toContain(november.slug)
    const after = characterCard(november, anime, { now: november.revealAt, isSubscriber: false })
    expect(after).toMatchObject({ slug: november.slug, name: november.name })
    expect(saoPauloInstant({ year: 2026, month: 11, day: 15 }, 12)).toBe(november.revealAt)
  })
})
