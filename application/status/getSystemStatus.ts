import { Effect } from "effect"
import { STATUS_WINDOW_MS, systemStatus } from "../../domain/serviceHealth"
import { Clock } from "../ports/Clock"
import { ServiceHealthLog } from "../ports/ServiceHealthLog"

/**
 * "Status do sistema" as the support page and the admin dashboard show it: read from the recorded buckets
 * (the log keeps the read for a few seconds), never by probing on a page load.
 */
export const getSystemStatus = Effect.fn("Status.getSystemStatus")(function* () {
  const now = yield* (yield* Clock).now()
  const buckets = yield* (yield* ServiceHealthLog).bucketsSince(now - STATUS_WINDOW_MS)
  return systemStatus(buckets, now)
})
