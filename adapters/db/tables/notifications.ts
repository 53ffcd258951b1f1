import type { ColumnType, Generated } from "kysely"
import type { NotificationType } from "../../../domain/notifications/announcement"
import type { WebhookOutcome } from "../../../domain/notifications/webhookReceipt"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** An administrator's announcement; `recipient_count` is set by its fan-out. */
export interface AnnouncementsTable {
  id: string
  title: string
  message: string
  action_url: string | null
  audience: "all" | "collection"
  collection_id: string | null
  created_by: string | null
  created_at: Timestamp
  recipient_count: number | null
  delivered_at: NullableTimestamp
}

/** Spec 001's Notification entity, one row per customer. */
export interface NotificationsTable {
  id: Generated<string>
  user_id: string
  type: NotificationType
  title: string
  message: string
  action_url: string | null
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>
  announcement_id: string | null
  /** Unique per customer when set: the sender's name for "this once" (a character's reveal, a shipment's status). */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>
  read_at: NullableTimestamp
  created_at: Timestamp
}

/** A customer's choice for one type; a type without a row is on in both channels. */
export interface NotificationPreferencesTable {
  user_id: string
  type: NotificationType
  in_app: boolean
  email: boolean
  updated_at: Timestamp
}

/** One webhook received: what it named and what became of it (never a body or a header). */
export interface WebhookReceiptsTable {
  id: Generated<string>
  provider: Generated<string>
  topic: string | null
  data_id: string | null
  request_id: string | null
  signature_valid: boolean
  outcome: WebhookOutcome
  reason: string | null
  received_at: Timestamp
}

/** A scheduled sender's "this once" (`reveal:<productId>`, `pix-expiring:<orderId>`), claimed by the job. */
export interface NotificationClaimsTable {
  key: string
  claimed_at: Timestamp
}

/** Whom an announcement reached, whatever each one chose to receive. */
export interface AnnouncementRecipientsTable {
  announcement_id: string
  user_id: string
  reached_at: Timestamp
}
