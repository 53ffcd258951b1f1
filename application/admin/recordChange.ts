import { Effect } from "effect"
import { type AuditSubjectType, fieldChanges } from "../../domain/audit"
import { AdminAuditLog } from "../ports/AdminAuditLog"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import type { AuditActor } from "../ports/OrderAuditLog"

export interface ChangeToRecord {
  readonly actor: AuditActor
  readonly subjectType: AuditSubjectType
  readonly subjectId: string
  readonly subjectLabel: string
  readonly action: string
  /** The record before the change; null when it was created. */
  readonly before: object | null
  /** The record after the change; null when it was deleted. */
  readonly after: object | null
  /** Fields never written to the log (image bytes, secrets). */
  readonly omit?: readonly string[]
}

/**
 * Writes one entry of the administrators' log with the fields that changed. Call it inside the unit of work of
 * the change, so the entry and the change commit (or roll back) together.
 */
export const recordAdminChange = Effect.fn("Admin.recordChange")(function* (change: ChangeToRecord) {
  const at = yield* (yield* Clock).now()
  const id = yield* (yield* Ids).uuid()
  yield* (yield* AdminAuditLog).record({
    id,
    at,
    actor: change.actor,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    subjectLabel: change.subjectLabel,
    action: change.action,
    changes: fieldChanges(change.before, change.after, change.omit),
  })
})
