import { Effect } from "effect"
import { REWARDS } from "../../domain/community/points"
import { type Decision, otherSide, roleIn, TRADE_MESSAGES, type Trade } from "../../domain/community/trades"
import { domainEvent } from "../../domain/events"
import { NotSignedIn } from "../errors"
import { notify } from "../notifications"
import { Clock } from "../ports/Clock"
import { CommunityLedger } from "../ports/CommunityLedger"
import { CurrentUser } from "../ports/CurrentUser"
import { EditionLimits } from "../ports/EditionLimits"
import { EventOutbox } from "../ports/EventOutbox"
import { TradeStore } from "../ports/TradeStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { TradeRefused } from "./errors"
import { refreshCollector } from "./refreshCollector"

export const requireCollector = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return viewer
})

export const TRADES_PATH = "/trocas"

export const refused = (kind: TradeRefused["kind"], message: string) => new TradeRefused({ kind, message })

/**
 * Runs one step of a trade under its row lock: someone outside the trade finds nothing (as if it did not
 * exist), the domain decides, and `after` applies what follows from the new state in the same transaction.
 */
export const onLockedTrade = <E, R>(
  tradeId: string,
  decide: (trade: Trade, userId: string, now: number) => Decision,
  after: (before: Trade, after: Trade, userId: string, now: number) => Effect.Effect<void, E, R>,
) => Effect.flatMap(requireCollector, (viewer) => onLockedTradeOf(viewer.id, tradeId, decide, after))

/** The same step taken for a side that is not the signed-in viewer (the store acting for a closing account). */
export const onLockedTradeOf = <E, R>(
  actorId: string,
  tradeId: string,
  decide: (trade: Trade, userId: string, now: number) => Decision,
  after: (before: Trade, after: Trade, userId: string, now: number) => Effect.Effect<void, E, R>,
) =>
  Effect.gen(function* () {
    const now = yield* (yield* Clock).now()
    const store = yield* TradeStore
    return yield* (yield* UnitOfWork).atomically(
      Effect.gen(function* () {
        const trade = yield* store.lock(tradeId)
        if (!trade || roleIn(trade, actorId) === null)
          return yield* refused("not_found", TRADE_MESSAGES.notFound)
        const decision = decide(trade, actorId, now)
        if (!decision.ok) return yield* refused("conflict", decision.reason)
        yield* store.save(decision.trade)
        yield* after(trade, decision.trade, actorId, now)
        return { id: decision.trade.id, status: decision.trade.status }
      }),
    )
  })

/**
 * A trade gives each side one unit of the character they do not offer: refused when either would then hold more
 * of it than its edition's per-collector limit (one numbered piece per collector, through trades too).
 */
export const refuseBeyondShare = Effect.fnUntraced(function* (
  offerer: { readonly userId: string; readonly receives: string },
  recipient: { readonly userId: string; readonly receives: string },
) {
  const store = yield* TradeStore
  const limits = yield* (yield* EditionLimits).limits([offerer.receives, recipient.receives])
  for (const [side, message] of [
    [offerer, TRADE_MESSAGES.beyondMyShare],
    [recipient, TRADE_MESSAGES.beyondTheirShare],
  ] as const) {
    const limit = limits.get(side.receives) ?? null
    if (limit === null) continue
    const held = (yield* store.piecesOf(side.userId)).filter((p) => p.productId === side.receives).length
    if (held + 1 > limit) return yield* refused("conflict", message)
  }
})

/** The steps a trade's other side hears of; each happens once per trade, so it keys the notification. */
export type TradeStep =
  | "offered"
  | "accepted"
  | "rejected"
  | "confirmed"
  | "completed"
  | "cancelled"
  | "unwound"

/**
 * Tells a collector what happened to a trade, in the notifications list (type 'trade', link /trocas), through
 * `notify`: their in-app choice for trades is honoured, and a step is told once (`trade:<id>:<step>`).
 */
export const tellCollector = Effect.fnUntraced(function* (
  userId: string,
  tradeId: string,
  step: TradeStep,
  text: { readonly title: string; readonly message: string },
) {
  yield* notify({
    userId,
    type: "trade",
    title: text.title,
    message: text.message,
    actionUrl: TRADES_PATH,
    metadata: { tradeId },
    key: `trade:${tradeId}:${step}`,
  })
  // The e-mail follows the commit (the outbox), honouring the collector's e-mail choice for trades.
  yield* (yield* EventOutbox).record([
    domainEvent("TradeStepTold", tradeId, {
      tradeId,
      userId,
      step,
      title: text.title,
      message: text.message,
    }),
  ])
})

/** Tells the other side of a trade what its actor did. */
export const tellOtherSide = Effect.fnUntraced(function* (
  trade: Trade,
  actorId: string,
  step: TradeStep,
  title: string,
  message: (actorName: string) => string,
) {
  const name = yield* (yield* TradeStore).displayName(actorId)
  yield* tellCollector(otherSide(trade, actorId), trade.id, step, { title, message: message(name) })
})

/**
 * The second confirmation: both pieces, locked, must still belong to the right collectors and not be revoked;
 * then they change hands, both sides earn the trade's points once, and both collectors' figures are rewritten.
 */
export const completeTrade = Effect.fnUntraced(function* (trade: Trade, now: number) {
  const store = yield* TradeStore
  const ledger = yield* CommunityLedger
  const pieces = yield* store.lockPieces([trade.fromPieceId, trade.toPieceId])
  const from = pieces.find((p) => p.id === trade.fromPieceId)
  const to = pieces.find((p) => p.id === trade.toPieceId)
  if (
    !from ||
    !to ||
    from.userId !== trade.fromUserId ||
    to.userId !== trade.toUserId ||
    from.revoked ||
    to.revoked
  )
    return yield* refused("conflict", TRADE_MESSAGES.piecesChanged)
  yield* refuseBeyondShare(
    { userId: trade.fromUserId, receives: to.productId },
    { userId: trade.toUserId, receives: from.productId },
  )
  yield* store.swap(trade, now)
  for (const [userId, received] of [
    [trade.fromUserId, to.name],
    [trade.toUserId, from.name],
  ] as const) {
    yield* ledger.record({
      userId,
      kind: "trade",
      reference: `trade:${trade.id}`,
      ...REWARDS.trade,
      description: `Trocou uma peça e recebeu ${received}`,
      occurredAt: now,
    })
    yield* refreshCollector(userId, now)
  }
})
