import { Effect } from "effect"
import { requireViewer } from "../viewer"
import { openItemsOf } from "./openItems"

/** What deleting the signed-in collector's account would do to each thing still open, shown before the password. */
export const previewAccountDeletion = Effect.fn("Account.previewDeletion")(function* () {
  const viewer = yield* requireViewer
  return yield* openItemsOf(viewer.id)
})
