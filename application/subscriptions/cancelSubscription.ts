import { Effect } from "effect"
import { cancel } from "../../domain/subscriptions/subscription"
import { mySubscription, transitionSubscription } from "./changeMySubscription"

/** The collector cancels, saying why: effective at the end of the paid period (no charge after today). */
export const cancelSubscription = Effect.fn("Subscriptions.cancel")(function* (input: {
  readonly id: string
  readonly reason: string
}) {
  const current = yield* mySubscription(input.id)
  return yield* transitionSubscription(current, "cancel", (s, now) => cancel(s, input.reason, now))
})
