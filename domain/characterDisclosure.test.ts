import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "./calendar"
import { disclosedFace, mysteryCharacterName } from "./characterDisclosure"

const REVEAL = saoPauloInstant({ year: 2026, month: 12, day: 15 }, 12)
const facts = {
  revealAt: REVEAL,
  edition: { year: 2026, month: 12 },
  mysteryImageUrl: "/media/mystery-anime.svg",
}
const face = {
  name: "Aiko Hiiragi",
  imageUrl: "/media/character-anime-aiko.svg",
  rarity: "legendary" as const,
}

describe("what anyone but staff may know of a character", () => {
  it("knows nothing that names it before its reveal instant, to the millisecond", () => {
    expect(disclosedFace(face, facts, REVEAL - 1)).toEqual({
      name: "Personagem misterioso de dezembro/2026",
      imageUrl: "/media/mystery-anime.svg",
      rarity: null,
    })
    expect(mysteryCharacterName({ year: 2027, month: 1 })).toBe("Personagem misterioso de janeiro/2027")
  })

  it("knows everything from the reveal instant on", () => {
    expect(disclosedFace(face, facts, REVEAL)).toEqual(face)
  })
})
