import { Effect } from "effect"
import { endDuePeriods } from "../../domain/subscriptions/subscription"
import { Clock } from "../ports/Clock"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { transitionSubscription } from "./changeMySubscription"

const BATCH = 100

/**
 * The daily job: scheduled cancellations whose paid period ended, dated pauses whose day came, open-ended pauses
 * left too long. The gateway is told first (cancelled, or authorised again); a failure leaves the subscription
 * for the next run.
 */
export const endSubscriptionPeriods = Effect.fn("Subscriptions.endPeriods")(function* () {
  const store = yield* SubscriptionStore
  const now = yield* (yield* Clock).now()
  const due = yield* store.withDuePeriods(now, BATCH)
  let changed = 0
  for (const id of due) {
    const current = yield* store.get(id)
    if (!current || !endDuePeriods(current, now).ok) continue
    const done = yield* transitionSubscription(current, "process", (s, at) => endDuePeriods(s, at)).pipe(
      Effect.map(() => true),
      Effect.catch((error) =>
        Effect.as(
          Effect.logWarning("subscription period not ended").pipe(
            Effect.annotateLogs({ subscriptionId: id, error: error._tag }),
          ),
          false,
        ),
      ),
    )
    if (done) changed++
  }
  return { due: due.length, changed }
})
