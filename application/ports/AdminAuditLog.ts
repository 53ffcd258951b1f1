import { Context, type Effect } from "effect"
import type { AuditSubjectType, FieldChanges } from "../../domain/audit"
import type { AuditActor } from "./OrderAuditLog"

/** One administrative change: who made it, when, to what, and the fields before and after. */
export interface AdminChange {
  readonly id: string
  readonly subjectType: AuditSubjectType
  readonly subjectId: string
  /** What a person reads in the log: the collection's name, the coupon's code, the user's e-mail. */
  readonly subjectLabel: string
  /** "create", "update", "delete", "duplicate", "change_role", ... */
  readonly action: string
  readonly actor: AuditActor
  readonly changes: FieldChanges
  readonly at: number
}

export interface AuditQuery {
  readonly subjectType?: AuditSubjectType | undefined
  /** Part of the actor's e-mail or the subject's label. */
  readonly search?: string | undefined
  readonly from?: number | undefined
  readonly to?: number | undefined
  readonly page: number
  readonly pageSize: number
}

export interface AuditPage {
  readonly rows: readonly AdminChange[]
  readonly total: number
}

/**
 * The log administrators browse (every change, who, when, what, before/after). Orders and prepaid plans
 * keep their own log (OrderAuditLog), which `browse` reads too, so the screen shows one history.
 * `record` inside `UnitOfWork.atomically` commits with the change it describes.
 */
export class AdminAuditLog extends Context.Service<
  AdminAuditLog,
  {
    record(change: AdminChange): Effect.Effect<void>
    browse(query: AuditQuery): Effect.Effect<AuditPage>
  }
>()("store/application/AdminAuditLog") {}
