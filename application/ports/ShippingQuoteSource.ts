import { Context, Data, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { Parcel } from "../../domain/shipping/parcel"
import type { ShippingOption } from "../../domain/shipping/shipping"

export interface QuoteRequest {
  /** 8 digits, no hyphen. */
  readonly originCep: string
  /** 8 digits, no hyphen. */
  readonly destinationCep: string
  readonly parcel: Parcel
  /** Declared value of the goods, for the carrier's insurance. */
  readonly insuranceValue: Cents
}

/** A source could not answer (down, slow, refused, unreadable); `reason` is short and safe to log. */
export class ShippingSourceFailed extends Data.TaggedError("ShippingSourceFailed")<{
  readonly source: string
  readonly reason: string
}> {}

export interface ShippingQuoteSourceShape {
  readonly name: string
  /** The services that can carry the parcel; an empty list means "no service for this route or weight". */
  quote(request: QuoteRequest): Effect.Effect<readonly ShippingOption[], ShippingSourceFailed>
}

/**
 * The sources to ask, in order: Melhor Envio when configured, then the official table. The per-state
 * estimate is not a source: the use case computes it in the domain when every source fails or is empty.
 */
export class ShippingQuoteSources extends Context.Service<
  ShippingQuoteSources,
  { readonly sources: readonly ShippingQuoteSourceShape[] }
>()("store/application/ShippingQuoteSources") {}
