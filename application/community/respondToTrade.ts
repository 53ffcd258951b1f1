import { Effect } from "effect"
import { respond } from "../../domain/community/trades"
import { onLockedTrade, tellOtherSide } from "./tradeActions"

/** The recipient accepts or rejects a pending offer; the proposer is told. */
export const respondToTrade = Effect.fn("Community.respondToTrade")(function* (input: {
  readonly tradeId: string
  readonly answer: "accept" | "reject"
}) {
  return yield* onLockedTrade(
    input.tradeId,
    (trade, userId, now) => respond(trade, userId, input.answer, now),
    (_, trade, userId) =>
      input.answer === "accept"
        ? tellOtherSide(
            trade,
            userId,
            "accepted",
            "Proposta de troca aceita",
            (name) => `${name} aceitou sua proposta. Confirme a troca para concluí-la.`,
          )
        : tellOtherSide(
            trade,
            userId,
            "rejected",
            "Proposta de troca recusada",
            (name) => `${name} recusou sua proposta.`,
          ),
  )
})
