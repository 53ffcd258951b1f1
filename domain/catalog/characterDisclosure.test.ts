import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import { disclosedFace, disclosedPiece, mysteryCharacterName } from "./characterDisclosure"

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

describe("a recorded piece (an order's line, a certificate) as its reader may know it", () => {
  const line = { name: "Aiko Hiiragi", imageUrl: "/media/character-1.svg", serials: [12] }

  it("is the month's mystery before the reveal, the recorded character from it on", () => {
    expect(disclosedPiece(line, facts, REVEAL - 1)).toEqual({
      name: "Personagem misterioso de dezembro/2026",
      imageUrl: "/media/mystery-anime.svg",
      serials: [12],
    })
    expect(disclosedPiece(line, facts, REVEAL)).toBe(line)
  })

  it("renames a piece without artwork, and keeps the record when the character left the catalogue", () => {
    expect(disclosedPiece({ name: "Aiko Hiiragi" }, facts, REVEAL - 1)).toEqual({
      name: "Personagem misterioso de dezembro/2026",
    })
    expect(disclosedPiece(line, null, REVEAL - 1)).toBe(line)
  })
})
