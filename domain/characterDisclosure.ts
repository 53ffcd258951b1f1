import { monthNamePtBR, type YearMonth } from "./calendar"
import type { Rarity } from "./rarity"

/** What the store knows of a character's reveal: its instant, its month, and the artwork it shows until then. */
export interface RevealFacts {
  readonly revealAt: number
  readonly edition: YearMonth
  readonly mysteryImageUrl: string
}

/** What a page may say of a character: its name, artwork and rarity. */
export interface CharacterFace {
  readonly name: string
  readonly imageUrl: string | null
  readonly rarity: Rarity | null
}

/** "Personagem misterioso de outubro/2026": a held piece, or an order's line, before its character's reveal. */
export const mysteryCharacterName = (edition: YearMonth) =>
  `Personagem misterioso de ${monthNamePtBR(edition.month)}/${edition.year}`

export const isRevealed = (facts: Pick<RevealFacts, "revealAt">, now: number) => now >= facts.revealAt

/**
 * The one rule of what anyone but staff may know of a character at an instant, its buyer included: from the
 * reveal instant everything; before it nothing that names it (the name becomes the month's mystery, the artwork
 * the collection's mystery artwork, the rarity unknown). Every read model that names a character to a customer
 * or a visitor goes through this or through the catalogue's cards (domain/showcase.ts), which apply the same
 * instant.
 */
export function disclosedFace<T extends CharacterFace>(
  face: T,
  facts: RevealFacts,
  now: number,
): Omit<T, "rarity"> & { readonly rarity: Rarity | null } {
  if (isRevealed(facts, now)) return face
  return {
    ...face,
    name: mysteryCharacterName(facts.edition),
    imageUrl: facts.mysteryImageUrl,
    rarity: null,
  }
}
