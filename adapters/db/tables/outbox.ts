import type { ColumnType, Generated, Selectable } from "kysely"

/** Messages the development server "sent": kept in the database so they can be read at /dev/emails. */
export interface DevOutboxTable {
  id: Generated<string>
  recipient: string
  subject: string
  html: string
  text: string
  created_at: ColumnType<Date, Date | string | undefined, never>
}
export type DevOutboxRow = Selectable<DevOutboxTable>
