import { Context, type Effect } from "effect"

/**
 * Orders paid before the community existed left no pieces: the backfill finds them, in id order, to replay
 * them through the same ledger code the events use.
 */
export class CommunityBackfill extends Context.Service<
  CommunityBackfill,
  {
    /** Paid purchases and plan months of a customer, not refunded or cancelled, holding no piece yet. */
    ordersWithoutPieces(afterId: string | null, limit: number): Effect.Effect<readonly string[]>
  }
>()("store/application/CommunityBackfill") {}
