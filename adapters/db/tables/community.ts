import type { ColumnType, Generated } from "kysely"
import type { Rarity } from "../../../domain/catalog/rarity"
import type { LedgerKind } from "../../../domain/community/ledger"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export type PieceSource = "purchase" | "subscription" | "trade" | "gift"
export type PieceCondition = "mint" | "near_mint" | "good" | "fair" | "poor"
export type { LedgerKind }

/** A unit a collector holds (spec 001's User collection item). */
export interface CollectorPiecesTable {
  id: Generated<string>
  user_id: string
  product_id: string
  collection_id: string
  source: PieceSource
  order_id: string | null
  order_position: number | null
  unit: Generated<number>
  price_cents: Generated<number>
  condition: Generated<PieceCondition>
  notes: Generated<string>
  is_for_trade: Generated<boolean>
  acquired_at: Timestamp
  revoked_at: NullableTimestamp
}

/** Every point and coin, unique by (user, kind, reference). */
export interface PointsLedgerTable {
  id: Generated<string>
  user_id: string
  kind: LedgerKind
  reference: string
  points: number
  coins: Generated<number>
  description: string
  occurred_at: Timestamp
}

export interface CollectorStatsTable {
  user_id: string
  score: Generated<number>
  coins: Generated<number>
  level: Generated<number>
  pieces: Generated<number>
  collections_completed: Generated<number>
  streak: Generated<number>
  achievements: Generated<number>
  last_activity_at: NullableTimestamp
  updated_at: Timestamp
}

export interface CollectorProfilesTable {
  user_id: string
  username: string
  display_name: string
  bio: Generated<string>
  location: Generated<string>
  avatar_url: string | null
  is_private: Generated<boolean>
  is_verified: Generated<boolean>
  profile_views: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CollectorFollowsTable {
  follower_id: string
  followee_id: string
  created_at: Timestamp
}

export interface ShelfItemsTable {
  id: string
  user_id: string
  name: string
  company: string
  collection: Generated<string>
  category: string
  description: Generated<string>
  rarity: Generated<Rarity>
  condition: "perfeito" | "bom" | "regular" | "danificado"
  company_status: Generated<"ativa" | "pausada" | "fechada">
  estimated_value_cents: Generated<number>
  image_url: string | null
  notes: Generated<string>
  /** "YYYY-MM-DD". */
  acquired_on: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface FavouritesTable {
  user_id: string
  product_id: string
  created_at: Timestamp
}

export interface MissionRedemptionsTable {
  user_id: string
  mission: string
  period: string
  redeemed_at: Timestamp
}

export interface CollectorAchievementsTable {
  user_id: string
  code: string
  scope: Generated<string>
  unlocked_at: Timestamp
}

export interface TradesTable {
  id: string
  from_user_id: string
  to_user_id: string
  from_piece_id: string
  to_piece_id: string
  status: "pending" | "accepted" | "rejected" | "completed" | "cancelled"
  message: Generated<string>
  from_confirmed_at: NullableTimestamp
  to_confirmed_at: NullableTimestamp
  created_at: Timestamp
  responded_at: NullableTimestamp
  completed_at: NullableTimestamp
  cancelled_at: NullableTimestamp
  cancellation_reason: string | null
  /** Set when the order of one of its pieces ended and the exchange was undone. */
  unwound_at: NullableTimestamp
  unwound_reason: string | null
}

/** One visitor's view of a profile on a São Paulo day; `visitor` is a SHA-256 digest. */
export interface ProfileViewsTable {
  profile_id: string
  visitor: string
  /** "YYYY-MM-DD". */
  day: ColumnType<string, string, string>
}
