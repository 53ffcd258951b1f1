import { Effect } from "effect"
import { roleIn } from "../../domain/community/trades"
import { type TradePiece, TradeStore } from "../ports/TradeStore"
import { requireCollector } from "./tradeActions"

const pieceOut = (p: TradePiece) => ({
  id: p.id,
  name: p.name,
  collectionName: p.collectionName,
  rarity: p.rarity,
  imageUrl: p.imageUrl,
})

/** /trocas: the offers the collector received and sent, with what each side may do next. */
export const listMyTrades = Effect.fn("Community.listMyTrades")(function* () {
  const viewer = yield* requireCollector
  const views = yield* (yield* TradeStore).listFor(viewer.id)
  const rows = views.map(({ trade, fromName, toName, fromPiece, toPiece }) => {
    const role = roleIn(trade, viewer.id) ?? "from"
    const open = trade.status === "pending" || trade.status === "accepted"
    const myConfirmation = role === "from" ? trade.fromConfirmedAt : trade.toConfirmedAt
    const theirConfirmation = role === "from" ? trade.toConfirmedAt : trade.fromConfirmedAt
    return {
      id: trade.id,
      role,
      status: trade.status,
      message: trade.message,
      createdAt: trade.createdAt,
      completedAt: trade.completedAt,
      cancellationReason: trade.cancellationReason ?? trade.unwoundReason,
      unwound: trade.unwoundAt !== null,
      counterpart: role === "from" ? toName : fromName,
      /** What the viewer gives and what they get. */
      gives: pieceOut(role === "from" ? fromPiece : toPiece),
      gets: pieceOut(role === "from" ? toPiece : fromPiece),
      iConfirmed: myConfirmation !== null,
      theyConfirmed: theirConfirmation !== null,
      can: {
        respond: role === "to" && trade.status === "pending",
        confirm: trade.status === "accepted" && myConfirmation === null,
        cancel: open,
      },
    }
  })
  return { received: rows.filter((r) => r.role === "to"), sent: rows.filter((r) => r.role === "from") }
})
