import { Effect } from "effect"
import { checkDraft, type NotificationDraft } from "../../domain/notifications/center"
import { Clock } from "../ports/Clock"
import { NotificationCenter } from "../ports/NotificationCenter"
import { StoreSite } from "../ports/StoreSite"

export type NotifyOutcome = "stored" | "duplicate" | "opted-out" | "invalid"

/**
 * The one way a sender puts a notification in a customer's list: it honours their in-app choice for the type,
 * and a keyed draft is stored once however often it is sent. A draft the domain refuses is a sender's bug: it
 * is logged (never its text, which may name the customer) and skipped, so a handler does not retry it forever.
 */
export const notify = Effect.fn("Notifications.notify")(function* (draft: NotificationDraft) {
  const center = yield* NotificationCenter
  const checked = checkDraft(draft, (yield* StoreSite).publicUrl)
  if (!checked.ok) {
    yield* Effect.logError("notification draft refused").pipe(
      Effect.annotateLogs({ type: draft.type, reason: checked.message }),
    )
    return "invalid" satisfies NotifyOutcome as NotifyOutcome
  }
  const preferences = yield* center.preferences(draft.userId)
  if (!preferences[draft.type].inApp) return "opted-out" as NotifyOutcome
  const stored = yield* center.store(checked.draft, yield* (yield* Clock).now())
  return (stored ? "stored" : "duplicate") as NotifyOutcome
})
