import { Effect } from "effect"
import type { QuoteRequest, ShippingQuoteSourceShape } from "../../application/ports/ShippingQuoteSource"

/**
 * Keeps each source's answer per destination and parcel for a few minutes: shoppers recalculate often and
 * a provider call is slow (and may be paid). Failures are not kept, so the next try asks again.
 */
export function cachedSource(
  source: ShippingQuoteSourceShape,
  ttlMs: number,
  now: () => number = Date.now,
): ShippingQuoteSourceShape {
  const entries = new Map<
    string,
    { expires: number; options: Effect.Success<ReturnType<ShippingQuoteSourceShape["quote"]>> }
  >()
  const keyOf = (r: QuoteRequest) =>
    [
      r.originCep,
      r.destinationCep,
      r.parcel.lengthCm,
      r.parcel.widthCm,
      r.parcel.heightCm,
      r.parcel.weightKg,
      r.insuranceValue,
    ].join("|")
  return {
    name: source.name,
    quote: (request) =>
      Effect.suspend(() => {
        const key = keyOf(request)
        const hit = entries.get(key)
        if (hit && hit.expires > now()) return Effect.succeed(hit.options)
        return source.quote(request).pipe(
          Effect.tap((options) =>
            Effect.sync(() => {
              if (entries.size > 10_000) entries.clear()
              entries.set(key, { expires: now() + ttlMs, options })
            }),
          ),
        )
      }),
  }
}
