import { Context, type Effect } from "effect"
import type { Trade } from "../../domain/community/trades"

/** A piece as a trade sees it: whose it is, whether it may be traded, and what to call it. */
export interface TradePiece {
  readonly id: string
  readonly userId: string
  readonly productId: string
  readonly name: string
  readonly collectionName: string
  /** Null while the character is not revealed (the reveal rule names it). */
  readonly rarity: string | null
  readonly imageUrl: string | null
  readonly isForTrade: boolean
  readonly revoked: boolean
}

export interface TradeView {
  readonly trade: Trade
  readonly fromName: string
  readonly toName: string
  readonly fromPiece: TradePiece
  readonly toPiece: TradePiece
}

/** Trades and the pieces they move. Joins the ambient unit of work; the lock methods hold rows until it ends. */
export class TradeStore extends Context.Service<
  TradeStore,
  {
    piece(id: string): Effect.Effect<TradePiece | null>
    /** Locks the pieces (in id order, so two trades never deadlock) and answers them. */
    lockPieces(ids: readonly string[]): Effect.Effect<readonly TradePiece[]>
    /** Adds an offer; false when an open offer for the same two pieces exists. */
    insert(trade: Trade): Effect.Effect<boolean>
    /** The trade, locked until the unit of work ends; null when there is none. */
    lock(id: string): Effect.Effect<Trade | null>
    save(trade: Trade): Effect.Effect<void>
    /** Hands each piece to the other side: source 'trade', no longer for trade. */
    swap(trade: Trade, at: number): Effect.Effect<void>
    listFor(userId: string): Effect.Effect<readonly TradeView[]>
    /** Every trade still open (pending or accepted) the collector is a side of, oldest first. */
    openOf(userId: string): Effect.Effect<readonly TradeView[]>
    /** The collector's own pieces still held, newest first. */
    piecesOf(userId: string): Effect.Effect<readonly TradePiece[]>
    displayName(userId: string): Effect.Effect<string>
    /** Marks or unmarks a piece the collector holds; false when it is not theirs or no longer held. */
    setForTrade(pieceId: string, userId: string, forTrade: boolean): Effect.Effect<boolean>
  }
>()("store/application/TradeStore") {}
