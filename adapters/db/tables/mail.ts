import type { ColumnType, Generated, Selectable } from "kysely"

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** Messages kept instead of sent when no SMTP server is configured, readable in the mail viewer. */
export interface DevMailboxTable {
  id: Generated<string>
  recipient: string
  subject: string
  html: string
  text: string
  /** Extra headers of the message (List-Unsubscribe), as they would have been sent. */
  headers: ColumnType<Record<string, string>, string | undefined, never>
  created_at: ColumnType<Date, Date | string | undefined, never>
}
export type DevMailboxRow = Selectable<DevMailboxTable>

/** The log of every e-mail sent: never bodies, links or tokens. */
export interface SentEmailsTable {
  id: Generated<string>
  event_id: string
  template: string
  recipient: string
  subject: string
  status: "sending" | "sent" | "failed"
  attempts: Generated<number>
  provider_message_id: string | null
  last_error: string | null
  created_at: Timestamp
  updated_at: Timestamp
  sent_at: NullableTimestamp
}
