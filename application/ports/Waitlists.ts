import { Context, type Effect } from "effect"
import type { RevealFacts } from "../../domain/catalog/characterDisclosure"
import type { WaitlistStatus } from "../../domain/editions/waitlist"
import type { LineChange, WaitlistLine } from "../../domain/editions/waitlistLine"

/** One of a collector's waitlists, as `/perfil` lists it. */
export interface MyWaitlist {
  readonly id: string
  readonly productId: string
  readonly characterName: string
  readonly collectionName: string
  /** For the reveal rule (myWaitlists): an edition can sell out before its character is revealed. */
  readonly reveal?: RevealFacts | null
  readonly status: WaitlistStatus
  /** Place among those waiting (1 is next); null unless waiting. */
  readonly position: number | null
  readonly joinedAt: number
  readonly offerExpiresAt: number | null
}

/**
 * The waitlists of sold-out editions. `update` reads a product's line under the product's row lock (the lock
 * every buyer and every release of that edition takes), applies the pure decision, and writes its entries and
 * the count of units held for offers, in the caller's unit of work: so two units freed at once go to two
 * collectors and a unit is never offered twice.
 */
export class Waitlists extends Context.Service<
  Waitlists,
  {
    /** null when the product does not exist. */
    update<A>(
      productId: string,
      now: number,
      decide: (line: WaitlistLine) => LineChange<A>,
    ): Effect.Effect<{ readonly value: A } | null>
    /** The line without a lock, for display; null when the product does not exist. */
    line(productId: string): Effect.Effect<WaitlistLine | null>
    /** Products with an offer whose window closed by `now`. */
    lapsed(now: number, limit: number): Effect.Effect<readonly string[]>
    mine(userId: string): Effect.Effect<readonly MyWaitlist[]>
  }
>()("store/application/Waitlists") {}
