import { Context, type Effect } from "effect"

export type UnitsReserved = { readonly ok: true } | { readonly ok: false; readonly left: number }

/**
 * Units of numbered editions. Each call is one atomic row update that the database's own check backs, so
 * concurrent buyers can never take more units than the edition has.
 */
export class EditionStock extends Context.Service<
  EditionStock,
  {
    /** The edition size of each product (null: made to order); products not found are left out. */
    sizes(productIds: readonly string[]): Effect.Effect<ReadonlyMap<string, number | null>>
    reserve(productId: string, quantity: number): Effect.Effect<UnitsReserved>
    release(productId: string, quantity: number): Effect.Effect<void>
    /** Turns reserved units into sold ones and returns their serial numbers (given-back ones first). */
    confirm(productId: string, quantity: number): Effect.Effect<readonly number[]>
    /** Sold units of a paid order cancelled before shipping come back, their serials kept for the next buyers. */
    returnSold(productId: string, serials: readonly number[]): Effect.Effect<void>
  }
>()("store/application/EditionStock") {}
