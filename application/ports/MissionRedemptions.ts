import { Context, type Effect } from "effect"

export interface Redemption {
  readonly mission: string
  readonly period: string
  readonly redeemedAt: number
}

/** Which mission rewards a collector took, once per mission and period. */
export class MissionRedemptions extends Context.Service<
  MissionRedemptions,
  {
    /**
     * Records the redemption unless it is there; true when this call recorded it. Under concurrent calls the
     * second waits for the first's transaction and answers false.
     */
    claim(userId: string, mission: string, period: string, at: number): Effect.Effect<boolean>
    list(userId: string): Effect.Effect<readonly Redemption[]>
  }
>()("store/application/MissionRedemptions") {}
