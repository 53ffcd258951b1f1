import { Context, type Effect } from "effect"

/** Whose share is counted: their account's orders and every order placed with their CPF. */
export interface Collector {
  readonly userId: string
  readonly cpf: string | null
}

/**
 * Per-collector limits of numbered editions. `held` is exact only inside the unit of work that has
 * locked the product's row (by reserving its units): every buyer of the edition queues there, so no other
 * checkout can add to the count before this one commits.
 */
export class EditionLimits extends Context.Service<
  EditionLimits,
  {
    /** Each product's limit (null: none); products not found are left out. */
    limits(productIds: readonly string[]): Effect.Effect<ReadonlyMap<string, number | null>>
    /**
     * Units of the product in the collector's orders that are paid or awaiting payment (`exceptOrderId` aside),
     * and in their plans' months paid ahead.
     */
    held(productId: string, collector: Collector, exceptOrderId?: string): Effect.Effect<number>
    /** The products with a limit whose units the collector already holds up to it (what they cannot buy again). */
    atLimit(collector: Collector): Effect.Effect<readonly string[]>
  }
>()("store/application/EditionLimits") {}
