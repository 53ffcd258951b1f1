import { Effect } from "effect"
import { requireStaff } from "../admin"
import { InvalidInput } from "../errors"
import { EmailLog } from "../ports/EmailLog"

export const EMAIL_LOG_PAGE_SIZE = 25

/**
 * The e-mail log, newest first, searchable by recipient. Administrators only (`manage_settings`); they see the
 * whole address because finding why one customer got no e-mail is what the log is for.
 */
export const browseEmailLog = Effect.fn("Notifications.browseEmailLog")(function* (input: {
  readonly search?: string | undefined
  readonly page?: number | undefined
}) {
  yield* requireStaff("manage_settings")
  const search = input.search?.trim().toLowerCase() ?? ""
  if (search.length > 120)
    return yield* new InvalidInput({ message: "A busca deve ter no máximo 120 caracteres." })
  const page = input.page ?? 1
  const found = yield* (yield* EmailLog).browse({
    search: search || null,
    offset: (page - 1) * EMAIL_LOG_PAGE_SIZE,
    limit: EMAIL_LOG_PAGE_SIZE,
  })
  return { ...found, page, pageCount: Math.max(1, Math.ceil(found.total / EMAIL_LOG_PAGE_SIZE)) }
})
