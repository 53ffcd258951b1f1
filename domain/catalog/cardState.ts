import { RARITY_RANK, type Rarity } from "./rarity"
import type { RevealPhase } from "./reveal"

/** The display states of a character card (spec 001, 'Character card display states'). */
export type CardState =
  | "hidden"
  | "teased"
  | "revealed"
  | "owned"
  | "tradeable"
  | "wishlist"
  | "featured"
  | "new"
  | "rare"
  | "legendary"

/** The states that show a character as revealed; the spec leaves out hidden, teased and wishlist. */
export const REVEALED_LOOKING: ReadonlySet<CardState> = new Set<CardState>([
  "revealed",
  "owned",
  "tradeable",
  "featured",
  "new",
  "rare",
  "legendary",
])

export function isRevealedLooking(state: CardState): boolean {
  return REVEALED_LOOKING.has(state)
}

/** What the viewer has to do with a character: only a signed-in collector has any of these. */
export interface ViewerMarks {
  /** They hold a piece of it (a paid order's piece or one received in a trade). */
  readonly owned?: boolean
  /** One of their pieces of it is offered in the community's trades. */
  readonly forTrade?: boolean
  /** It is in their favourites (the character page's heart). */
  readonly wished?: boolean
}

export interface CardStateInput extends ViewerMarks {
  readonly phase: RevealPhase | null
  /** Revealed within the last few days (the catalogue's 'Novo' window). */
  readonly revealedRecently?: boolean
  /** The featured collection's character of this month's edition (domain/catalog/showcase.ts). */
  readonly featured?: boolean
  /** Null before the reveal: rarity is part of what the reveal discloses. */
  readonly rarity?: Rarity | null
}

/**
 * The one state a card shows. Before the reveal no revealed-looking state may apply, whatever the viewer holds
 * (a piece bought in its month is still a mystery until noon on the 15th): such a card is hidden or teased, or
 * wishlist, the one state the spec lets a mystery card have. After the reveal the viewer's own relation comes
 * first (a piece offered for trade is also owned, so tradeable wins), then the favourites, then what the store
 * says of it (new for a few days, featured), then its rarity.
 */
export function cardState(input: CardStateInput): CardState {
  if (input.phase !== "final") {
    if (input.wished) return "wishlist"
    return input.phase === null ? "hidden" : "teased"
  }
  if (input.forTrade) return "tradeable"
  if (input.owned) return "owned"
  if (input.wished) return "wishlist"
  if (input.revealedRecently) return "new"
  if (input.featured) return "featured"
  const rank = input.rarity ? RARITY_RANK[input.rarity] : 0
  if (rank >= RARITY_RANK.legendary) return "legendary"
  if (rank >= RARITY_RANK.rare) return "rare"
  return "revealed"
}

/**
 * The badge a state adds to a card, in the store's words. Hidden and teased already say 'Personagem Misterioso'
 * (with hints and the countdown), and rare and legendary show the rarity's own badge (Raro, Épico, Lendário,
 * Mítico), so those add none.
 */
export const CARD_STATE_LABELS: Readonly<Partial<Record<CardState, string>>> = {
  owned: "Na sua coleção",
  tradeable: "Para troca",
  wishlist: "Nos seus favoritos",
  featured: "Destaque",
  new: "Novo",
}
