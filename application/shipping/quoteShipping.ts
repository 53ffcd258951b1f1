import { Effect } from "effect"
import type { Cart } from "../../domain/cart/cart"
import { chargeableWeightKg, combineParcels } from "../../domain/shipping/parcel"
import { CEP_MESSAGES, formatCep, ufFromCep, validateCep } from "../../domain/shipping/postal"
import {
  applySubscriberFreeShipping,
  chooseQuote,
  SHIPPING_MESSAGES,
  shippingToast,
  stateEstimate,
} from "../../domain/shipping/shipping"
import { limitRequests } from "../abuse"
import { type PricedCart, priceCart } from "../cart"
import { ShippingQuoteRefused } from "../errors"
import { PostalCodeLookup } from "../ports/PostalCodeLookup"
import { ShippingQuoteSources } from "../ports/ShippingQuoteSource"
import { StoreSettings } from "../ports/StoreSettings"

const QUOTE_LIMIT = {
  bucket: "shipping",
  max: 20,
  windowMs: 60_000,
  message: "Muitas consultas de frete. Aguarde um minuto e tente novamente.",
}

/**
 * Quotes shipping for a cart to a postal code: the configured sources in order (the first that answers with
 * options wins; a failing one passes silently to the next), then the per-state estimate. Subscribers of a
 * collection in the cart ship free.
 */
export const quoteShipping = Effect.fn("Shipping.quoteShipping")((rawCep: string, cart: Cart) =>
  quote(rawCep, priceCart(cart)),
)

/**
 * The same quote for a cart already priced (the checkout prices it once). `limited`: the caller's own limit
 * already bounds how often this runs (placing an order), so the quote's is not counted again.
 */
export const quotePricedCart = Effect.fn("Shipping.quotePricedCart")(
  (rawCep: string, priced: PricedCart, limited = false) => quote(rawCep, Effect.succeed(priced), limited),
)

const quote = Effect.fnUntraced(function* <R>(
  rawCep: string,
  pricing: Effect.Effect<PricedCart, never, R>,
  limited = false,
) {
  // Every quote may call a paid provider.
  if (!limited) yield* limitRequests(QUOTE_LIMIT)
  const checked = validateCep(rawCep)
  if (!checked.ok) return yield* new ShippingQuoteRefused(checked.error)
  const cep = checked.cep
  const found = yield* (yield* PostalCodeLookup).lookup(cep)
  if (found.kind === "not_found")
    return yield* new ShippingQuoteRefused({
      title: CEP_MESSAGES.invalidTitle,
      message: CEP_MESSAGES.notFound,
    })
  // ViaCEP down: the quote goes on with the offline CEP → UF table.
  const uf = found.kind === "found" ? found.uf : ufFromCep(cep)
  if (!uf)
    return yield* new ShippingQuoteRefused({
      title: SHIPPING_MESSAGES.errorTitle,
      message: SHIPPING_MESSAGES.noState,
    })

  const { lines, totals, subscribed } = yield* pricing
  // Each figure's own box, as the administration measured it; an empty cart quotes one default box.
  const buyable = lines.filter((l) => l.buyable)
  const parcel = combineParcels(buyable.length > 0 ? buyable : [{ quantity: 1 }])
  const { shippingOriginCep } = yield* (yield* StoreSettings).get()
  const request = {
    originCep: shippingOriginCep,
    destinationCep: cep,
    parcel,
    insuranceValue: totals.subtotal,
  }

  let quote: { source: string; options: ReturnType<typeof stateEstimate> } | null = null
  for (const source of (yield* ShippingQuoteSources).sources) {
    const attempt = yield* source.quote(request).pipe(
      Effect.map((options) => ({ source: source.name, options: [...options] })),
      Effect.catchTag("ShippingSourceFailed", () =>
        Effect.succeed({ source: source.name, failed: true as const }),
      ),
    )
    quote = chooseQuote([attempt])
    if (quote) break
  }
  const options = quote?.options ?? stateEstimate(uf, chargeableWeightKg(parcel))

  const inCart = new Set(lines.map((l) => l.collectionId))
  const subscriber = [...inCart].some((id) => subscribed.has(id))
  const final = applySubscriberFreeShipping(options, subscriber)
  if (final.length === 0)
    return yield* new ShippingQuoteRefused({
      title: SHIPPING_MESSAGES.errorTitle,
      message: SHIPPING_MESSAGES.noOptions,
    })
  return {
    cep: formatCep(cep),
    uf,
    city: found.kind === "found" ? found.city : null,
    source: quote?.source ?? "Estimativa por estado",
    options: final,
    toast: shippingToast(final),
  }
})
