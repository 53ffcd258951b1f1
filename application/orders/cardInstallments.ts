import { Effect } from "effect"
import type { Cents } from "../../domain/money"
import { offeredInstallments } from "../../domain/pricing/cardInstallments"
import { PaymentGateway } from "../ports/PaymentGateway"
import { StoreSettings } from "../ports/StoreSettings"

/**
 * The instalments a card may pay this amount in: the gateway's table on the store's terms, the same for the
 * selector and for the check when the order is placed, and equal to what the price promised.
 */
export const cardInstallments = Effect.fnUntraced(function* (amount: Cents, bin: string | null) {
  const [options, settings] = yield* Effect.all([
    (yield* PaymentGateway).installments(amount, bin),
    (yield* StoreSettings).get(),
  ])
  return offeredInstallments(options, amount, settings.conventions.priceTerms)
})
