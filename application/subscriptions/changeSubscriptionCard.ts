import { Effect } from "effect"
import { cardChanged } from "../../domain/subscriptions/subscription"
import { mySubscription, transitionSubscription } from "./changeMySubscription"

/**
 * Swaps the card at the gateway (a token made in the browser; the card never reaches the store). A past-due
 * charge is retried by the gateway with the new card; a subscription paused by dunning is authorised again.
 */
export const changeSubscriptionCard = Effect.fn("Subscriptions.changeCard")(function* (input: {
  readonly id: string
  readonly card: {
    readonly token: string
    readonly paymentMethodId: string
    readonly issuerId: string | null
  }
}) {
  const current = yield* mySubscription(input.id)
  return yield* transitionSubscription(
    current,
    "process",
    (s, _now, answer) =>
      cardChanged(s, {
        lastFour: answer?.cardLastFour ?? null,
        paymentMethodId: answer?.paymentMethodId ?? input.card.paymentMethodId,
      }),
    input.card.token,
  )
})
