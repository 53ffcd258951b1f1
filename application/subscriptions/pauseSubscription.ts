import { Effect } from "effect"
import type { CivilDate } from "../../domain/calendar"
import { pause } from "../../domain/subscriptions/subscription"
import { mySubscription, transitionSubscription } from "./changeMySubscription"

/** The collector pauses until a day (at most 3 months away) or, with null, until they reactivate. */
export const pauseSubscription = Effect.fn("Subscriptions.pause")(function* (input: {
  readonly id: string
  readonly until: CivilDate | null
}) {
  const current = yield* mySubscription(input.id)
  return yield* transitionSubscription(current, "pause", (s, now) => pause(s, input.until, now))
})
