import { Effect, Layer } from "effect"
import { PrepaidPlans } from "../../application/ports/PrepaidPlans"
import { DEFAULT_PREPAID_PLANS, type PrepaidPlan } from "../../domain/prepaidPlans"

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
  return { layer, rows }
}
