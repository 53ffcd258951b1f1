import { Context, type Effect } from "effect"

/**
 * The recurring charges a payment gateway makes on its own schedule, run by the store's job scheduler. The
 * offline sandbox renews subscriptions on day 1 (São Paulo) and retries refused renewals on days 3 and 5;
 * Mercado Pago does so on its side, so its run does nothing. Either way the store hears of each charge through
 * the webhook, never from this run.
 */
export class GatewayBilling extends Context.Service<
  GatewayBilling,
  {
    /** Makes the charges due at `now` (epoch ms); safe to call often and on several instances at once. */
    chargeDue(now: number): Effect.Effect<{ readonly charged: number; readonly retried: number }>
  }
>()("store/application/GatewayBilling") {}
