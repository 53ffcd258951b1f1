import { Effect } from "effect"
import { TRADE_MESSAGES } from "../../domain/community/trades"
import { TradeStore } from "../ports/TradeStore"
import { refused, requireCollector } from "./tradeActions"

/** The owner marks a piece they hold as available for trade (or takes it back); anyone else's piece is refused. */
export const markForTrade = Effect.fn("Community.markForTrade")(function* (input: {
  readonly pieceId: string
  readonly forTrade: boolean
}) {
  const viewer = yield* requireCollector
  if (!(yield* (yield* TradeStore).setForTrade(input.pieceId, viewer.id, input.forTrade)))
    return yield* refused("not_found", TRADE_MESSAGES.pieceUnavailable)
  return { pieceId: input.pieceId, forTrade: input.forTrade }
})

/** The collector's own pieces with their trade flag (the /trocas 'Minhas peças' tab). */
export const listMyPieces = Effect.fn("Community.listMyPieces")(function* () {
  const viewer = yield* requireCollector
  return (yield* (yield* TradeStore).piecesOf(viewer.id)).map((p) => ({
    id: p.id,
    name: p.name,
    collectionName: p.collectionName,
    rarity: p.rarity,
    isForTrade: p.isForTrade,
  }))
})
