import { monthNamePtBR, type YearMonth } from "../calendar"
import type { Character } from "./catalog"
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

export const revealFactsOf = (
  character: Pick<Character, "revealAt" | "edition" | "mysteryImageUrl">,
): RevealFacts => ({
  revealAt: character.revealAt,
  edition: character.edition,
  mysteryImageUrl: character.mysteryImageUrl,
})

export const isRevealed = (facts: Pick<RevealFacts, "revealAt">, now: number) => now >= facts.revealAt

/**
 * The one rule of what anyone but staff may know of a character at an instant, its buyer included: from the
 * reveal instant everything; before it nothing that names it (the name becomes the month's mystery, the artwork
 * the collection's mystery artwork, the rarity unknown). Every read model that names a character to a customer
 * or a visitor goes through this or through the catalogue's cards (domain/catalog/showcase.ts), which apply the same
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

/**
 * A piece recorded with its character's real name and artwork (an order's line, a certificate), as a customer
 * or a visitor may read it at an instant: the same rule as `disclosedFace`. Without facts (a character no longer
 * in the catalogue) the record is all there is.
 */
export function disclosedPiece<T extends { readonly name: string; readonly imageUrl?: string }>(
  piece: T,
  facts: RevealFacts | null | undefined,
  now: number,
): T {
  if (!facts || isRevealed(facts, now)) return piece
  const name = mysteryCharacterName(facts.edition)
  return "imageUrl" in piece ? { ...piece, name, imageUrl: facts.mysteryImageUrl } : { ...piece, name }
}
