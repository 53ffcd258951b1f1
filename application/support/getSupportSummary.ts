import { Effect } from "effect"
import { lateCutoff } from "../../domain/support/sla"
import { requireStaff } from "../admin"
import { Clock } from "../ports/Clock"
import { SupportDesk } from "../ports/SupportDesk"
import { PERMISSION } from "./staffAccess"

/** The dashboard's card: tickets not resolved, and how many of them are past the 24-hour promise unanswered. */
export const getSupportSummary = Effect.fn("Support.getSupportSummary")(function* () {
  yield* requireStaff(PERMISSION)
  const now = yield* (yield* Clock).now()
  return yield* (yield* SupportDesk).counts(lateCutoff(now))
})
