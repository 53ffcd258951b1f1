import { Effect, Layer } from "effect"
import { InstallmentLimit } from "../../application/ports/InstallmentLimit"
import { PaymentGateway } from "../../application/ports/PaymentGateway"
import { gatewayFreeUpTo } from "../../domain/pricing/cardInstallments"
import { readCache } from "../cache/readCache"

/**
 * One global limit rather than one read per amount: the account's interest-free setting is the same for
 * every price, and the smallest instalment (the store's terms) already bounds cheap ones. It is read from the
 * table of an amount large enough for 12 instalments of any minimum, for the most common brand.
 */
export const REFERENCE_AMOUNT_CENTS = 100_000
const TTL_MS = 10 * 60_000

/**
 * Kept for ten minutes, a failed read too (as null: the store's setting alone), so an outage of the gateway
 * costs one call per ten minutes, not one per page view.
 */
export const CachedInstallmentLimitLayer = (ttlMs = TTL_MS, now: () => number = Date.now) =>
  Layer.effect(
    InstallmentLimit,
    Effect.gen(function* () {
      const gateway = yield* PaymentGateway
      const cached = readCache(ttlMs, now, () => 0)
      return InstallmentLimit.of({
        interestFreeUpTo: cached("interestFreeUpTo", () =>
          gateway.installments(REFERENCE_AMOUNT_CENTS, null).pipe(
            Effect.map((options): number | null => (options.length > 0 ? gatewayFreeUpTo(options) : null)),
            Effect.catch(() => Effect.succeed(null)),
          ),
        ),
      })
    }),
  )
