import { Context, type Effect } from "effect"
import type { YearMonth } from "../../domain/calendar"

/** A character as its reveal's notification and e-mail name it. */
export interface RevealedCharacter {
  readonly productId: string
  readonly name: string
  readonly collectionId: string
  readonly collectionName: string
  /** As stored: a path of this site (/media/…) or an address. */
  readonly imageUrl: string | null
  readonly revealAt: number
  /** Its edition's month: before the reveal, what its mystery is called ('Personagem misterioso de outubro/2026'). */
  readonly edition: YearMonth
}

/** The characters whose reveal came, and who is waiting for each. */
export class CharacterReveals extends Context.Service<
  CharacterReveals,
  {
    /** Active characters revealed in (since, now] whose reveal was not claimed yet (`reveal:<productId>`). */
    due(since: number, now: number): Effect.Effect<readonly RevealedCharacter[]>
    find(productId: string): Effect.Effect<RevealedCharacter | null>
    /**
     * Each customer once: the collection's subscribers and plan holders (an active entitlement at `now`) and
     * the collectors who favourited the character.
     */
    audience(character: RevealedCharacter, now: number): Effect.Effect<readonly string[]>
    /** The collectors holding a piece of the character now (its rarity counts for them from the reveal). */
    holders(productId: string): Effect.Effect<readonly string[]>
  }
>()("store/application/CharacterReveals") {}
