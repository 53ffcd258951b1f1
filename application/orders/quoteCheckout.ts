import { Effect } from "effect"
import { pixOffer } from "../../domain/pricing/pixCheckout"
import { StoreSettings } from "../ports/StoreSettings"
import { type CheckoutChoice, priceCheckout } from "./priceCheckout"

/**
 * The checkout as the page shows it: priced like the order would be placed (card, boleto: these totals), and
 * what PIX would cost with the store's discount now, the same sums `placeOrder` charges.
 */
export const quoteCheckout = Effect.fn("Orders.quoteCheckout")(function* (choice: CheckoutChoice) {
  const priced = yield* priceCheckout(choice)
  const settings = yield* (yield* StoreSettings).get()
  return { ...priced, pix: pixOffer(priced, settings.conventions.priceTerms.pixDiscountBasisPoints) }
})
