import type { ColumnType } from "kysely"
import type { AuditSubjectType, FieldChanges } from "../../../domain/audit"

export interface AdminAuditTable {
  id: string
  subject_type: AuditSubjectType
  subject_id: string
  subject_label: string
  action: string
  actor_kind: "admin" | "customer" | "system"
  actor_id: string | null
  actor_email: string | null
  changes: ColumnType<FieldChanges, string, string>
  created_at: ColumnType<Date, Date | string, Date | string>
}
