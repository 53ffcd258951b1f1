import { Context, type Effect } from "effect"

/**
 * Orders paid before the community existed left no pieces: the backfill finds them, oldest payment first (so
 * achievements unlock on the day they were reached), to replay them through the same ledger code the events use.
 */
/** An order in payment order: when it was paid (epoch ms), then its id. */
export interface BackfillCursor {
  readonly paidAt: number
  readonly id: string
}

export class CommunityBackfill extends Context.Service<
  CommunityBackfill,
  {
    /** Paid purchases and plan months of a customer, not refunded or cancelled, holding no piece yet. */
    ordersWithoutPieces(after: BackfillCursor | null, limit: number): Effect.Effect<readonly BackfillCursor[]>
  }
>()("store/application/CommunityBackfill") {}
