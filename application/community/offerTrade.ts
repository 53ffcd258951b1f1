import { Effect } from "effect"
import { TRADE_MESSAGES, type Trade, validateMessage } from "../../domain/community/trades"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import { TradeStore } from "../ports/TradeStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { refuseBeyondShare, refused, requireCollector, tellCollector } from "./tradeActions"

/**
 * A collector offers one of their own pieces (held, not revoked) for another collector's piece marked for trade,
 * with an optional message; one open offer per pair of pieces. The recipient is notified.
 */
export const offerTrade = Effect.fn("Community.offerTrade")(function* (input: {
  readonly fromPieceId: string
  readonly toPieceId: string
  readonly message: string
}) {
  const viewer = yield* requireCollector
  const message = input.message.trim()
  const invalid = validateMessage(message)
  if (invalid) return yield* refused("invalid", invalid)
  const now = yield* (yield* Clock).now()
  const id = yield* (yield* Ids).uuid()
  const store = yield* TradeStore
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const pieces = yield* store.lockPieces([input.fromPieceId, input.toPieceId])
      const target = pieces.find((p) => p.id === input.toPieceId)
      const mine = pieces.find((p) => p.id === input.fromPieceId)
      if (!target || target.revoked || !target.isForTrade)
        return yield* refused("not_found", TRADE_MESSAGES.pieceUnavailable)
      if (target.userId === viewer.id) return yield* refused("invalid", TRADE_MESSAGES.selfTrade)
      if (!mine || mine.userId !== viewer.id || mine.revoked)
        return yield* refused("invalid", TRADE_MESSAGES.notYourPiece)
      if (mine.productId === target.productId) return yield* refused("invalid", TRADE_MESSAGES.sameCharacter)
      yield* refuseBeyondShare(
        { userId: viewer.id, receives: target.productId },
        { userId: target.userId, receives: mine.productId },
      )
      const trade: Trade = {
        id,
        fromUserId: viewer.id,
        toUserId: target.userId,
        fromPieceId: mine.id,
        toPieceId: target.id,
        status: "pending",
        message,
        fromConfirmedAt: null,
        toConfirmedAt: null,
        createdAt: now,
        respondedAt: null,
        completedAt: null,
        cancelledAt: null,
        cancellationReason: null,
        unwoundAt: null,
        unwoundReason: null,
      }
      if (!(yield* store.insert(trade))) return yield* refused("conflict", TRADE_MESSAGES.alreadyOpen)
      const name = yield* store.displayName(viewer.id)
      yield* tellCollector(target.userId, id, "offered", {
        title: "Nova proposta de troca",
        message: `${name} quer trocar ${mine.name} pelo seu ${target.name}.`,
      })
      return { id }
    }),
  )
})
