import { Context, type Effect } from "effect"

/**
 * The payment gateway's interest-free limit, for the storefront's prices: read from the gateway's own
 * instalment table and kept, so showing a price never calls the gateway. Null while the gateway has not told
 * it (the store's own setting then stands alone).
 */
export class InstallmentLimit extends Context.Service<
  InstallmentLimit,
  {
    interestFreeUpTo(): Effect.Effect<number | null>
  }
>()("store/application/InstallmentLimit") {}
