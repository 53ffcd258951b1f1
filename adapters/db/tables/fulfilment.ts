import type { ColumnType } from "kysely"
import type {
  FulfilmentStatus,
  RefundReason,
  RefundStatus,
  RequestKind,
  RequestStatus,
  ShipmentStatus,
} from "../../../domain/fulfilment/fulfilment"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** A civil date, "YYYY-MM-DD" (pg hands back a Date unless told otherwise: read it with `::text`). */
type CivilDateColumn = ColumnType<string, string, string>

/** The fulfilment columns of `orders`; combined into OrdersTable. */
export interface OrderFulfilmentColumns {
  fulfilment_status: ColumnType<
    FulfilmentStatus | null,
    FulfilmentStatus | null | undefined,
    FulfilmentStatus | null
  >
  production_started_at: MaybeTimestamp
  produced_at: MaybeTimestamp
  fulfilment_cancelled_at: MaybeTimestamp
  refunded_at: MaybeTimestamp
  /** When the order's end gave its units back to their editions: claimed once. */
  units_released_at: MaybeTimestamp
}

export interface ShipmentsTable {
  id: string
  order_id: string
  status: ShipmentStatus
  carrier: string
  service: string
  tracking_code: string
  shipped_at: Timestamp
  estimated_delivery: CivilDateColumn
  in_transit_at: MaybeTimestamp
  delivered_at: MaybeTimestamp
  ended_at: MaybeTimestamp
  rating: number | null
  review: string | null
  rated_at: MaybeTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface RefundsTable {
  id: string
  order_id: string
  amount_cents: number
  reason: RefundReason
  note: ColumnType<string, string | undefined, string>
  status: RefundStatus
  gateway_refund_id: string | null
  requested_at: Timestamp
  settled_at: MaybeTimestamp
}

export interface AfterSaleRequestsTable {
  id: string
  order_id: string
  kind: RequestKind
  status: RequestStatus
  description: string
  requested_at: Timestamp
  decided_at: MaybeTimestamp
  decision_note: string | null
  return_received_at: MaybeTimestamp
}

export interface OrderAuditTable {
  id: string
  /** Null for a prepaid plan's change (then `plan_id` says which); exactly one of the two is set. */
  order_id: string | null
  plan_id: ColumnType<string | null, string | null | undefined, string | null>
  action: string
  actor_kind: "admin" | "customer" | "system"
  actor_id: string | null
  actor_email: string | null
  action_key: string
  details: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: Timestamp
}

export interface CertificatesTable {
  code: string
  order_id: string
  product_id: string
  product_name: string
  collection_name: string
  serial: number
  edition_size: number
  owner_initials: string
  issued_at: Timestamp
  revoked_at: MaybeTimestamp
}

export interface OrderNotesTable {
  id: string
  order_id: string
  author_id: string
  author_email: string
  body: string
  created_at: Timestamp
}
