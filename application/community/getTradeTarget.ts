import { Effect } from "effect"
import { TRADE_MESSAGES } from "../../domain/community/trades"
import { TradeStore } from "../ports/TradeStore"
import { requireCollector } from "./tradeActions"

/**
 * What making an offer needs: the piece asked for (only when it is held and marked for trade, so nothing else
 * about another collector's pieces leaks) and the caller's own pieces to offer for it.
 */
export const getTradeTarget = Effect.fn("Community.getTradeTarget")(function* (pieceId: string) {
  const viewer = yield* requireCollector
  const store = yield* TradeStore
  const piece = yield* store.piece(pieceId)
  const available = piece !== null && !piece.revoked && piece.isForTrade
  const own = available && piece.userId === viewer.id
  const target =
    available && !own
      ? {
          id: piece.id,
          name: piece.name,
          collectionName: piece.collectionName,
          rarity: piece.rarity,
          imageUrl: piece.imageUrl,
          ownerId: piece.userId,
          ownerName: yield* store.displayName(piece.userId),
        }
      : null
  const mine = (yield* store.piecesOf(viewer.id)).map((p) => ({
    id: p.id,
    name: p.name,
    collectionName: p.collectionName,
    rarity: p.rarity,
  }))
  return {
    target,
    unavailable: target ? null : own ? TRADE_MESSAGES.selfTrade : TRADE_MESSAGES.pieceUnavailable,
    mine,
  }
})
