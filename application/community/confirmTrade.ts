import { Effect } from "effect"
import { confirm } from "../../domain/community/trades"
import { completeTrade, onLockedTrade, tellOtherSide } from "./tradeActions"

/** One side confirms an accepted trade; the second confirmation swaps the pieces (once, under row locks). */
export const confirmTrade = Effect.fn("Community.confirmTrade")(function* (tradeId: string) {
  return yield* onLockedTrade(tradeId, confirm, (_, trade, userId, now) =>
    Effect.gen(function* () {
      if (trade.status === "completed") {
        yield* completeTrade(trade, now)
        yield* tellOtherSide(
          trade,
          userId,
          "completed",
          "Troca concluída",
          (name) => `A troca com ${name} foi concluída.`,
        )
      } else
        yield* tellOtherSide(
          trade,
          userId,
          "confirmed",
          "Troca confirmada pela outra parte",
          (name) => `${name} confirmou a troca. Falta a sua confirmação.`,
        )
    }),
  )
})
