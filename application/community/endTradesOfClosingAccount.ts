import { Effect } from "effect"
import { accountDeletedNotice, cancel, TRADE_MESSAGES } from "../../domain/community/trades"
import { TradeStore } from "../ports/TradeStore"
import { onLockedTradeOf, tellOtherSide } from "./tradeActions"

/**
 * Before an account goes, each trade it is still a side of ends as its own cancellation would (the same domain
 * step under the same row lock) rather than vanishing with the account, and the other collector is told why, in
 * the list and by e-mail. A trade holds no piece until it completes, so each side keeps the piece it had. A trade
 * closed meanwhile is left as it is, and a second run finds nothing open.
 */
export const endTradesOfClosingAccount = Effect.fn("Community.endTradesOfClosingAccount")(function* (
  userId: string,
) {
  for (const { trade } of yield* (yield* TradeStore).openOf(userId))
    yield* onLockedTradeOf(
      userId,
      trade.id,
      (locked, actorId, now) => cancel(locked, actorId, TRADE_MESSAGES.accountDeleted, now),
      (before, after, actorId) =>
        tellOtherSide(after, actorId, "cancelled", "Troca encerrada", (name) =>
          accountDeletedNotice(before.status, name),
        ),
    ).pipe(Effect.catchTag("TradeRefused", () => Effect.void))
})
