import { Effect, Layer } from "effect"
import { PrepaidPlans } from "../../application/ports/PrepaidPlans"
import { DEFAULT_PREPAID_PLANS, type PrepaidPlan } from "../../domain/subscriptions/prepaidPlans"
import type { Transactional } from "./inMemoryEvents"

/** The prepaid plans over a map, seeded like the migration; `rows` is exposed so tests can look inside. */
export function inMemoryPlans(seed: readonly PrepaidPlan[] = DEFAULT_PREPAID_PLANS) {
  const rows = new Map(seed.map((p) => [p.id, p]))
  const sorted = () =>
    [...rows.values()].sort((a, b) => a.editionCount - b.editionCount || a.id.localeCompare(b.id))
  const layer = Layer.succeed(
    PrepaidPlans,
    PrepaidPlans.of({
      list: () => Effect.sync(sorted),
      find: (id) => Effect.sync(() => rows.get(id) ?? null),
      update: (id, plan) =>
        Effect.sync(() => {
          if (!rows.has(id)) return null
          const next = { ...plan, id }
          rows.set(id, next)
          return next
        }),
    }),
  )
  // Joins the in-memory transactions: a rolled-back unit of work leaves the rows as they were.
  const participant: Transactional = {
    snapshot: () => {
      const saved = new Map(rows)
      return () => {
        rows.clear()
        for (const [id, plan] of saved) rows.set(id, plan)
      }
    },
  }
  return { layer, rows, participant }
}
