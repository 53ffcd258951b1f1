import type { ColumnType, Generated } from "kysely"
import type { WaitlistStatus } from "../../../domain/editions/waitlist"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** A collector's place in the line of a sold-out edition. */
export interface WaitlistEntriesTable {
  id: Generated<string>
  product_id: string
  user_id: string
  joined_at: Timestamp
  status: Generated<WaitlistStatus>
  offered_at: NullableTimestamp
  offer_expires_at: NullableTimestamp
  order_id: string | null
  updated_at: Timestamp
}
