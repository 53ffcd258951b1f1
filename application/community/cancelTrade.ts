import { Effect } from "effect"
import { cancel } from "../../domain/community/trades"
import { onLockedTrade, tellOtherSide } from "./tradeActions"

/** Either side cancels an open trade, saying why; the other side is told. */
export const cancelTrade = Effect.fn("Community.cancelTrade")(function* (input: {
  readonly tradeId: string
  readonly reason: string
}) {
  return yield* onLockedTrade(
    input.tradeId,
    (trade, userId, now) => cancel(trade, userId, input.reason, now),
    (_, trade, userId) =>
      tellOtherSide(trade, userId, "cancelled", "Troca cancelada", (name) =>
        `${name} cancelou a troca: ${trade.cancellationReason ?? ""}`.slice(0, 2000),
      ),
  )
})
