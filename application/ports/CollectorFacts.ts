import { Context, type Effect } from "effect"
import type { MissionMetric } from "../../domain/community/missions"

/** What missions, achievements and badges count: a mission's metrics, and the plan months badges read. */
export type CollectorMetric = MissionMetric | "plan_months"

/** Instants, epoch ms; a null bound is open (an achievement mission counts everything). */
export interface Window {
  readonly start: number | null
  readonly end: number | null
}

export interface UnlockedAchievement {
  readonly code: string
  /** The collection of a collection achievement; "" otherwise. */
  readonly scope: string
  readonly unlockedAt: number
}

/**
 * The read side missions, achievements and badges need: figures counted from stored data (the ledger, pieces,
 * favourites, follows, trades), never reported by a client. Joins the ambient unit of work, so a redemption
 * re-checks completion inside its own transaction.
 */
export class CollectorFacts extends Context.Service<
  CollectorFacts,
  {
    /**
     * The metric in the window, read at `now`: a legendary piece counts once its character is revealed (the
     * rarity is part of what the reveal discloses, and an achievement on a public profile would tell it).
     */
    measure(userId: string, metric: CollectorMetric, window: Window, now: number): Effect.Effect<number>
    unlocked(userId: string): Effect.Effect<readonly UnlockedAchievement[]>
    collectionNames(ids: readonly string[]): Effect.Effect<ReadonlyMap<string, string>>
    /** The collector's score and coins as the ranking shows them (0 before the first activity). */
    standing(userId: string): Effect.Effect<{ readonly score: number; readonly coins: number }>
  }
>()("store/application/CollectorFacts") {}
