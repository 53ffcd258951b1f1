import type { ColumnType, Generated } from "kysely"
import type { MessageAuthor, SupportCategory, TicketStatus } from "../../../domain/support/tickets"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface SupportTicketsTable {
  id: string
  number: Generated<number>
  user_id: string | null
  name: string
  email: string
  category: SupportCategory
  subject: string
  status: Generated<TicketStatus>
  order_id: string | null
  assigned_to: string | null
  created_at: Timestamp
  updated_at: Timestamp
  first_response_at: NullableTimestamp
  resolved_at: NullableTimestamp
  last_message_at: Timestamp
  email_proven_at: NullableTimestamp
}

export interface SupportMessagesTable {
  id: string
  ticket_id: string
  author: MessageAuthor
  author_user_id: string | null
  body: string
  created_at: Timestamp
}
