import { Effect } from "effect"
import { requireStaff } from "../admin"
import { Clock } from "../ports/Clock"
import { type InboxQuery, SupportDesk } from "../ports/SupportDesk"
import { PERMISSION, supportStaff } from "./staffAccess"

/** /admin/support: the inbox, filtered and paged in SQL, with the clock for the 24-hour promise. */
export const listSupportInbox = Effect.fn("Support.listSupportInbox")(function* (query: InboxQuery) {
  yield* requireStaff(PERMISSION)
  const now = yield* (yield* Clock).now()
  const page = yield* (yield* SupportDesk).inbox(query)
  return { ...page, now, staff: yield* supportStaff }
})
