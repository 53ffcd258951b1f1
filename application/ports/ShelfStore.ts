import { Context, type Effect } from "effect"
import type { RevealFacts } from "../../domain/catalog/characterDisclosure"
import type { Rarity } from "../../domain/catalog/rarity"
import type { Cents } from "../../domain/cents"
import type { PieceCondition, ShelfItemFields } from "../../domain/community/shelf"
import type { PieceSource } from "./CommunityLedger"

/** Whose shelf it is, and whether they keep it to themselves (LGPD: collector_profiles.is_private). */
export interface ShelfOwner {
  readonly userId: string
  readonly displayName: string
  readonly isPrivate: boolean
}

/** A unit bought in the store (or received by plan or trade) that the collector still holds. */
export interface StorePiece {
  readonly id: string
  readonly productId: string
  readonly name: string
  readonly imageUrl: string
  readonly rarity: Rarity
  readonly collectionId: string
  readonly collectionName: string
  readonly theme: string
  readonly priceCents: Cents
  readonly condition: PieceCondition
  readonly notes: string
  readonly isForTrade: boolean
  /** How the collector came to hold it: bought, received with a plan, in a trade or as a gift. */
  readonly source: PieceSource
  readonly acquiredAt: number
  /** Its character's reveal: before it, name, artwork and rarity stay hidden (domain/catalog/characterDisclosure.ts). */
  readonly reveal: RevealFacts
}

export interface ShelfItem extends ShelfItemFields {
  readonly id: string
  readonly userId: string
  readonly imageUrl: string | null
  readonly createdAt: number
  readonly updatedAt: number
}

export interface UnlockedAchievement {
  readonly code: string
  readonly scope: string
  readonly unlockedAt: number
}

/** The virtual shelf's storage: hand-added items, the store pieces shown beside them, the owner's achievements. */
export class ShelfStore extends Context.Service<
  ShelfStore,
  {
    owner(userId: string): Effect.Effect<ShelfOwner | null>
    /** Pieces held now (revoked ones left out), newest first. */
    pieces(userId: string): Effect.Effect<readonly StorePiece[]>
    items(userId: string): Effect.Effect<readonly ShelfItem[]>
    item(id: string): Effect.Effect<ShelfItem | null>
    /** Who holds a piece now; null when unknown or revoked. */
    pieceHolder(id: string): Effect.Effect<string | null>
    /** Inserts or replaces the item (its owner never changes). */
    saveItem(item: ShelfItem): Effect.Effect<void>
    deleteItem(id: string, userId: string): Effect.Effect<void>
    updatePiece(
      id: string,
      userId: string,
      change: { readonly condition: PieceCondition; readonly notes: string; readonly isForTrade: boolean },
    ): Effect.Effect<void>
    achievements(userId: string): Effect.Effect<readonly UnlockedAchievement[]>
  }
>()("store/application/ShelfStore") {}
