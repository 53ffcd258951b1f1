import { Effect } from "effect"
import type { StorefrontPricing } from "../../domain/pricing/cardInstallments"
import { InstallmentLimit } from "../ports/InstallmentLimit"
import { StoreSettings } from "../ports/StoreSettings"

/** The store's price terms with the gateway's interest-free limit: what every storefront price is shown with. */
export const storefrontPricing = Effect.gen(function* () {
  const [settings, gatewayFreeUpTo] = yield* Effect.all(
    [(yield* StoreSettings).get(), (yield* InstallmentLimit).interestFreeUpTo()],
    { concurrency: "unbounded" },
  )
  return { terms: settings.conventions.priceTerms, gatewayFreeUpTo } satisfies StorefrontPricing
})
