import { Effect } from "effect"
import { AdminAuditLog, type AuditQuery } from "../ports/AdminAuditLog"
import { requireStaff } from "./staff"

/**
 * The change log, newest first. Administrators only (`manage_settings`): it names customers' e-mails and every
 * staff member's actions, which moderators do not otherwise see.
 */
export const browseAudit = Effect.fn("Admin.browseAudit")(function* (query: AuditQuery) {
  yield* requireStaff("manage_settings")
  return yield* (yield* AdminAuditLog).browse(query)
})
