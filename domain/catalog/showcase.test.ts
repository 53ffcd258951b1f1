import { describe, expect, it } from "vitest"
import { charactersFixture, collectionFixture } from "../../tests/fakes/catalogFixtures"
import { saoPauloInstant } from "../calendar"
import {
  characterCard,
  characterNumberLabel,
  NEW_AFTER_REVEAL_MS,
  nextCharacterChange,
  priceOf,
} from "./showcase"

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

describe("characterCard's state", () => {
  const featured = collectionFixture({ slug: "anime", theme: "anime", isFeatured: true })
  const character = charactersFixture(featured, { year: 2026, month: 11 })[0]
  if (!character) throw new Error("no character")
  const legendary = { ...character, rarity: "legendary" as const }
  const at = (now: number) => characterCard(legendary, featured, { now, isSubscriber: false })

  it("is teased with its hints before the reveal, featured collection and rarity notwithstanding", () => {
    expect(at(character.revealAt - 1)).toMatchObject({
      state: "teased",
      revealed: false,
      recent: false,
      rarity: null,
    })
    expect(at(character.revealAt - 1).hints.length).toBeGreaterThan(0)
  })

  it("is new for its first days, then featured; a plain collection's shows its rarity", () => {
    expect(at(character.revealAt)).toMatchObject({ state: "new", recent: true, featured: true, hints: [] })
    expect(at(character.revealAt + NEW_AFTER_REVEAL_MS)).toMatchObject({ state: "featured", recent: false })
    const plain = collectionFixture({ slug: "anime", theme: "anime", isFeatured: false })
    const later = character.revealAt + NEW_AFTER_REVEAL_MS
    expect(characterCard(legendary, plain, { now: later, isSubscriber: false }).state).toBe("legendary")
  })

  it("is featured only in its own month: the featured collection's earlier characters show their rarity", () => {
    const december = saoPauloInstant({ year: 2026, month: 12, day: 1 }, 0)
    expect(at(december)).toMatchObject({ state: "legendary", featured: false, status: "released" })
    // Its badge already reads 'Finalizada': no countdown repeats it.
    expect(at(december)).toMatchObject({ badge: { label: "Finalizada" }, countdown: null })
    expect(at(december - 1)).toMatchObject({ state: "featured", featured: true, status: "current" })
  })
})

describe("nextCharacterChange", () => {
  const at = (day: number, hour = 12) => saoPauloInstant({ year: 2026, month: 11, day }, hour)
  // An administrator moved this one's reveal to 15:00 on the 10th, off the calendar's noon on the 15th.
  const moved = { teaserAt: at(1, 0), previewAt: at(8, 0), revealAt: at(10, 15) }
  const usual = { teaserAt: at(1, 0), previewAt: at(8, 0), revealAt: at(15) }

  it("is the next teaser, preview, reveal or end of 'Novo' of any character after now", () => {
    expect(nextCharacterChange([moved, usual], at(9))).toBe(at(10, 15))
    expect(nextCharacterChange([moved, usual], at(10, 15))).toBe(at(10, 15) + NEW_AFTER_REVEAL_MS)
    expect(nextCharacterChange([moved, usual], at(14))).toBe(at(15))
    expect(nextCharacterChange([moved, usual], at(15))).toBe(at(15) + NEW_AFTER_REVEAL_MS)
  })

  it("is never, for no character or none still to change", () => {
    expect(nextCharacterChange([], at(9))).toBe(Number.POSITIVE_INFINITY)
    expect(nextCharacterChange([moved], at(30))).toBe(Number.POSITIVE_INFINITY)
  })
})

describe("characterNumberLabel", () => {
  it("says what a card's number is: the character's place in its collection", () => {
    expect(characterNumberLabel(3)).toBe("Personagem nº 3")
  })
})
