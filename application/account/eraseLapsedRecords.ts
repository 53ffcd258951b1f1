import { Effect } from "effect"
import { retentionCutoff } from "../../domain/accounts/recordRetention"
import { Clock } from "../ports/Clock"
import { PersonalData } from "../ports/PersonalData"

const BATCH = 200
/** A run's ceiling; what is left waits for the next day's run. */
const MAX_BATCHES = 50

/**
 * The records a deleted account left are kept RETENTION_YEARS from each purchase (domain/accounts/recordRetention.ts);
 * then what still names the person goes, the anonymous sales figures staying. Daily, batch by batch; an order
 * erased is marked, so runs again harmlessly.
 */
export const eraseLapsedRecords = Effect.fn("Account.eraseLapsedRecords")(function* () {
  const placedBefore = retentionCutoff(yield* (yield* Clock).now())
  const data = yield* PersonalData
  let erased = 0
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const done = yield* data.eraseLapsed(placedBefore, BATCH)
    erased += done
    if (done < BATCH) break
  }
  return { erased }
})
