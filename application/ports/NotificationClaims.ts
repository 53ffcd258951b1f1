import { Context, type Effect } from "effect"

/**
 * A scheduled sender's "this once" (`reveal:<productId>`, `pix-expiring:<orderId>`). Joins the ambient unit of
 * work: claimed together with what the sender stores and records, so a run that fails claims nothing, and a
 * second run or instance (waiting on the first one's claim until it commits) finds it taken.
 */
export class NotificationClaims extends Context.Service<
  NotificationClaims,
  {
    /** True for the one caller that claimed the key; false when it was claimed before. */
    claim(key: string, at: number): Effect.Effect<boolean>
  }
>()("store/application/NotificationClaims") {}
