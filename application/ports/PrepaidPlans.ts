import { Context, type Effect } from "effect"
import type { PeriodKey, PrepaidPlan } from "../../domain/subscriptions/prepaidPlans"

/** The prepaid plans of `prepaid_plans` (spec 002 §3), as the administrator keeps them. */
export class PrepaidPlans extends Context.Service<
  PrepaidPlans,
  {
    /** Every plan, active or not, by edition count (spec 002 §7: ordered by edition_count ascending). */
    list(): Effect.Effect<readonly PrepaidPlan[]>
    find(id: PeriodKey): Effect.Effect<PrepaidPlan | null>
    /** Writes a validated edit; null when there is no such plan. */
    update(id: PeriodKey, plan: Omit<PrepaidPlan, "id">, at: number): Effect.Effect<PrepaidPlan | null>
  }
>()("store/application/PrepaidPlans") {}
