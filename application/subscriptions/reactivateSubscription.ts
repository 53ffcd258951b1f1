import { Effect } from "effect"
import { reactivate } from "../../domain/subscriptions/subscription"
import { mySubscription, transitionSubscription } from "./changeMySubscription"

/** A paused subscription is charged again from the next billing day; a scheduled cancellation is taken back. */
export const reactivateSubscription = Effect.fn("Subscriptions.reactivate")(function* (input: {
  readonly id: string
}) {
  const current = yield* mySubscription(input.id)
  return yield* transitionSubscription(current, "reactivate", (s) => reactivate(s))
})
