import { Effect } from "effect"
import { type LedgerEntry, planMonthEntry, reversalEntry } from "../../domain/community/ledger"
import {
  isMissionComplete,
  type MissionMetric,
  missionByCode,
  missionReference,
  periodOf,
} from "../../domain/community/missions"
import { TRADE_MESSAGES } from "../../domain/community/trades"
import type { Order } from "../../domain/orders/order"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import type { EventHandler } from "../events"
import { giveCoinsBack } from "../orders"
import { CollectorFacts } from "../ports/CollectorFacts"
import { CommunityLedger } from "../ports/CommunityLedger"
import { MissionRedemptions } from "../ports/MissionRedemptions"
import { OrderStore } from "../ports/OrderStore"
import { refreshCollector } from "./refreshCollector"
import { tellCollector } from "./tradeActions"

/** What an order's pieces can change: the figures a mission redeemed earlier may no longer reach. */
const PIECE_METRICS: ReadonlySet<MissionMetric> = new Set([
  "purchases",
  "trades",
  "pieces",
  "pieces_for_trade",
  "collections_completed",
  "legendary",
])

/** The ledger entries an order earned its buyer: a purchase's points, or a plan month's. */
const earnedBy = (order: Order, buyerId: string) =>
  Effect.gen(function* () {
    const ledger = yield* CommunityLedger
    const month = planMonthEntry(buyerId, order.id, monthOfInstant(order.paidAt ?? 0), 0).reference
    return [
      ...(yield* ledger.entries(buyerId, `order:${order.id}`)),
      ...(order.kind === "subscription" ? yield* ledger.entries(buyerId, month) : []),
    ].filter((e) => e.kind === "purchase" || e.kind === "subscription_month")
  })

const reverseAll = (entries: readonly LedgerEntry[], at: number, reason: "order" | "trade" | "mission") =>
  CommunityLedger.use((ledger) =>
    Effect.forEach(entries, (entry) => ledger.record(reversalEntry(entry, at, reason)), { discard: true }),
  )

/**
 * A mission's reward stands only while what completed it does: after an order ended, a mission of the
 * collector whose figure, counted again for its period, falls short of its target gives its XP and coins back.
 */
const reverseLapsedMissions = Effect.fnUntraced(function* (userId: string, at: number) {
  const ledger = yield* CommunityLedger
  const facts = yield* CollectorFacts
  for (const redemption of yield* (yield* MissionRedemptions).list(userId)) {
    const mission = missionByCode(redemption.mission)
    if (!mission || !PIECE_METRICS.has(mission.metric)) continue
    const period = periodOf(mission.type, redemption.redeemedAt)
    if (isMissionComplete(yield* facts.measure(userId, mission.metric, period, at), mission.target)) continue
    const earned = yield* ledger.entries(userId, missionReference(mission, redemption.period))
    yield* reverseAll(
      earned.filter((e) => e.kind === "mission"),
      at,
      "mission",
    )
  }
})

/**
 * The community's side of an order's end: its pieces leave whoever holds them (a trade that handed one over is
 * undone, and both sides are told), what the order and those trades earned is reversed, its coins come back,
 * and missions that no longer hold give their reward back. Each reversal has its own unique reference, so the
 * same end applied twice changes nothing. A coin balance a reversal takes below zero stays below zero, shown as
 * such, and is paid off by the next coins earned.
 */
export const takeBackOrder = Effect.fnUntraced(function* (order: Order, at: number) {
  const ledger = yield* CommunityLedger
  const revoked = yield* ledger.revokeOrderPieces(order.id, at)
  const buyerId = order.userId
  if (buyerId) {
    yield* reverseAll(yield* earnedBy(order, buyerId), at, "order")
    yield* giveCoinsBack(buyerId, order.id, at)
  }
  for (const trade of revoked.unwound)
    for (const userId of trade.userIds) {
      yield* reverseAll(yield* ledger.entries(userId, `trade:${trade.tradeId}`), at, "trade")
      yield* tellCollector(userId, trade.tradeId, "unwound", {
        title: "Troca desfeita",
        message: TRADE_MESSAGES.unwound,
      })
    }
  const affected = new Set([...(buyerId ? [buyerId] : []), ...revoked.userIds])
  for (const userId of affected) {
    yield* reverseLapsedMissions(userId, at)
    yield* refreshCollector(userId, at)
  }
})

/** The community's side of `OrderReleased`, in one transaction: a redelivery finds it applied and does nothing. */
export const takeBackOrderHandler: EventHandler<
  OrderStore | Effect.Services<ReturnType<typeof takeBackOrder>>
> = {
  name: "community.takeBackOrder",
  on: ["OrderReleased"],
  mode: "transactional",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "OrderReleased") return
      const order = yield* (yield* OrderStore).get(event.payload.orderId)
      if (order) yield* takeBackOrder(order, event.occurredAt)
    }),
}
