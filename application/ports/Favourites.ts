import { Context, type Effect } from "effect"

/** A piece of a character another collector offers for trade, with who to ask. */
export interface TradeListing {
  readonly pieceId: string
  readonly userId: string
  readonly displayName: string
}

export interface CharacterFigures {
  /** Distinct collectors holding it now. */
  readonly owners: number
  /** Collectors who marked it as a favourite (the wishlist). */
  readonly wanting: number
  /** Pieces marked for trade by collectors whose profile is not private. */
  readonly forTrade: readonly TradeListing[]
}

/** Product ids of what one collector has to do with the catalogue's characters, each list sorted. */
export interface CollectorMarks {
  /** Characters they hold a piece of now (a paid order's, or one received in a trade). */
  readonly owned: readonly string[]
  /** Characters with one of their pieces offered in the community's trades. */
  readonly forTrade: readonly string[]
  /** Characters in their favourites. */
  readonly wished: readonly string[]
}

/** The character page's wishlist and the community's figures about one character. */
export class Favourites extends Context.Service<
  Favourites,
  {
    /** Marks or unmarks; doing the same twice leaves one mark (or none). */
    set(userId: string, productId: string, on: boolean, at: number): Effect.Effect<void>
    isFavourite(userId: string, productId: string): Effect.Effect<boolean>
    figures(productId: string): Effect.Effect<CharacterFigures>
    /** What the collector holds, trades and wants, for the catalogue's cards. */
    marksOf(userId: string): Effect.Effect<CollectorMarks>
  }
>()("store/application/Favourites") {}
