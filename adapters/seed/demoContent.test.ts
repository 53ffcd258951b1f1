import { describe, expect, it } from "vitest"
import { DEMO_COLLECTIONS } from "./demoContent"

const characters = DEMO_COLLECTIONS.flatMap((c) => c.characters.map((ch) => ({ collection: c.slug, ...ch })))
const HEX = /^#[0-9a-f]{6}$/i
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
// Names that must never appear: the catalogue is original, not licensed.
const TRADEMARKS =
  /batman|superman|goku|naruto|spider|homem-aranha|gotham|avengers|vingador|marvel|wolverine|hulk/i

describe("DEMO_COLLECTIONS", () => {
  it("has seven collections with distinct themes covering every theme", () => {
    expect(DEMO_COLLECTIONS).toHaveLength(7)
    const themes = new Set(DEMO_COLLECTIONS.map((c) => c.theme))
    expect(themes).toEqual(new Set(["anime", "heroes", "horror", "fantasy", "scifi", "dc", "marvel"]))
  })

  it("features exactly one collection, the anime one", () => {
    const featured = DEMO_COLLECTIONS.filter((c) => c.isFeatured)
    expect(featured).toHaveLength(1)
    expect(featured[0]?.theme).toBe("anime")
  })

  it("has unique kebab-case collection slugs and sensible copy", () => {
    const slugs = DEMO_COLLECTIONS.map((c) => c.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const c of DEMO_COLLECTIONS) {
      expect(c.slug).toMatch(SLUG)
      expect(c.name.length).toBeGreaterThan(3)
      expect(c.description.length).toBeGreaterThanOrEqual(120)
      expect(c.description.length).toBeLessThanOrEqual(400)
      expect(c.tagline.length).toBeGreaterThan(5)
      expect(c.tagline.length).toBeLessThanOrEqual(60)
      for (const colour of c.palette) expect(colour).toMatch(HEX)
    }
  })

  it("has twelve characters per collection with the expected rarity spread", () => {
    for (const c of DEMO_COLLECTIONS) {
      expect(c.characters).toHaveLength(12)
      const count = (r: string) => c.characters.filter((ch) => ch.rarity === r).length
      expect([count("common"), count("rare"), count("epic"), count("legendary"), count("mythic")]).toEqual([
        5, 3, 2, 1, 1,
      ])
    }
  })

  it("has unique kebab-case ascii character slugs within each collection and across the catalogue", () => {
    for (const c of DEMO_COLLECTIONS) {
      const slugs = c.characters.map((ch) => ch.slug)
      expect(new Set(slugs).size).toBe(slugs.length)
    }
    const all = characters.map((ch) => ch.slug)
    expect(new Set(all).size).toBe(all.length)
    for (const ch of characters) expect(ch.slug).toMatch(SLUG)
    const names = characters.map((ch) => ch.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it("keeps every stat an integer in 0..100, with some standouts at 90 or more", () => {
    for (const ch of characters) {
      for (const value of Object.values(ch.stats)) {
        expect(Number.isInteger(value)).toBe(true)
        expect(value).toBeGreaterThanOrEqual(0)
        expect(value).toBeLessThanOrEqual(100)
      }
      expect(Object.keys(ch.stats).sort()).toEqual(["durability", "intelligence", "speed", "strength"])
    }
    expect(characters.filter((ch) => Math.max(...Object.values(ch.stats)) >= 90).length).toBeGreaterThan(20)
  })

  it("gives every character exactly five distinct hints and three or four abilities", () => {
    for (const ch of characters) {
      expect(ch.hints).toHaveLength(5)
      expect(new Set(ch.hints).size).toBe(5)
      for (const hint of ch.hints) expect(hint.trim().length).toBeGreaterThan(0)
      expect(ch.abilities.length).toBeGreaterThanOrEqual(3)
      expect(ch.abilities.length).toBeLessThanOrEqual(4)
    }
  })

  it("keeps character descriptions between 140 and 320 characters", () => {
    for (const ch of characters) {
      expect(ch.description.length, ch.slug).toBeGreaterThanOrEqual(140)
      expect(ch.description.length, ch.slug).toBeLessThanOrEqual(320)
    }
  })

  it("has valid artwork palettes, scales and heights", () => {
    for (const ch of characters) {
      for (const colour of ch.palette) expect(colour).toMatch(HEX)
      expect(ch.scale).toMatch(/^1\/\d$/)
      expect(Number.isInteger(ch.heightCm)).toBe(true)
      expect(ch.heightCm).toBeGreaterThanOrEqual(18)
      expect(ch.heightCm).toBeLessThanOrEqual(35)
      expect(ch.universe.length).toBeGreaterThan(3)
    }
  })

  it("stays original: no trademarked names in any text", () => {
    // The theme keys "dc" and "marvel" are internal categories, not shown as brands.
    const text = JSON.stringify(DEMO_COLLECTIONS.map(({ theme: _theme, ...rest }) => rest))
    expect(text).not.toMatch(TRADEMARKS)
  })
})
