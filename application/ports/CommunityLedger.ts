import { Context, type Effect } from "effect"
import type { LedgerEntry } from "../../domain/community/ledger"
import type { CollectionProgress } from "../../domain/community/progress"

export type PieceSource = "purchase" | "subscription" | "trade" | "gift"

/** A unit a collector comes to hold; bought units are unique by their order line and unit. */
export interface NewPiece {
  readonly userId: string
  readonly productId: string
  readonly collectionId: string
  readonly source: PieceSource
  readonly orderId: string | null
  readonly orderPosition: number | null
  readonly unit: number
  readonly priceCents: number
  readonly acquiredAt: number
}

/** A completed trade undone because the order of one of its pieces ended; `userIds` are its two sides. */
export interface UnwoundTrade {
  readonly tradeId: string
  readonly userIds: readonly [string, string]
  /** The side that lost the piece of the ended order and got back the one they had given. */
  readonly holderId: string
}

export interface RevokedPieces {
  /** Every collector whose pieces changed (the holders, and the other sides of unwound trades). */
  readonly userIds: readonly string[]
  readonly unwound: readonly UnwoundTrade[]
}

/** The figures the ranking sorts on, rewritten from the ledger and the pieces. */
export interface CollectorTotals {
  readonly score: number
  readonly coins: number
  readonly pieces: number
  readonly achievements: number
  readonly lastActivityAt: number | null
}

export interface CollectorStats extends CollectorTotals {
  readonly userId: string
  readonly level: number
  readonly streak: number
  readonly collectionsCompleted: number
  readonly updatedAt: number
}

/**
 * The write side of the community: the pieces collectors hold, the points ledger and the figures derived from
 * them. Joins the ambient unit of work, so an event's handler changes all of it or none.
 */
export class CommunityLedger extends Context.Service<
  CommunityLedger,
  {
    /** Adds the pieces not yet there (an event applied again adds nothing); answers how many were added. */
    addPieces(pieces: readonly NewPiece[]): Effect.Effect<number>
    /**
     * Takes back the units of an order that ended, from whoever holds them now. A unit that came to its holder
     * by a trade unwinds that trade: the piece the holder gave for it goes back to them (when its taker still
     * has it). Answers whose collections changed and the trades undone, once: a second call finds nothing.
     */
    revokeOrderPieces(orderId: string, at: number): Effect.Effect<RevokedPieces>
    /** Adds the entry unless its (user, kind, reference) is there; true when it was added. */
    record(entry: LedgerEntry): Effect.Effect<boolean>
    /** The entries of a collector with this reference (what an order earned, to undo it). */
    entries(userId: string, reference: string): Effect.Effect<readonly LedgerEntry[]>
    /** Progress in every collection the collector holds a piece of, by collection id. */
    progress(userId: string): Effect.Effect<ReadonlyMap<string, CollectionProgress>>
    /** Unlocks an achievement or badge once; true when it was new. */
    unlock(userId: string, code: string, scope: string, at: number): Effect.Effect<boolean>
    /** Months ("YYYY-MM", São Paulo) with a purchase or a plan month that was not undone. */
    activeMonths(userId: string): Effect.Effect<readonly string[]>
    totals(userId: string): Effect.Effect<CollectorTotals>
    saveStats(stats: CollectorStats): Effect.Effect<void>
  }
>()("store/application/CommunityLedger") {}
