import { Effect } from "effect"
import type { Character } from "../../domain/catalog"
import { type Month, monthKey } from "../../domain/subscriptions/coverage"
import { CatalogRepository } from "../ports/CatalogRepository"
import { type Collector, EditionLimits } from "../ports/EditionLimits"

/**
 * The months of a collection, from `from` on, whose character the collector already holds up to its edition's
 * limit (bought, in another plan's month, by this account or this CPF): a plan's payment covers the months after
 * them instead, so no path gives a collector a numbered piece beyond their share.
 */
export const heldMonths = Effect.fnUntraced(function* (
  collectionId: string,
  collector: Collector,
  from: Month,
) {
  const characters = yield* (yield* CatalogRepository).listCharacters(collectionId)
  const ahead = characters.filter((c: Character) => monthKey(c.edition) >= from)
  const editions = yield* EditionLimits
  const limits = yield* editions.limits(ahead.map((c) => c.id))
  const held = new Set<Month>()
  for (const character of ahead) {
    const limit = limits.get(character.id) ?? null
    if (limit !== null && (yield* editions.held(character.id, collector)) >= limit)
      held.add(monthKey(character.edition))
  }
  return held
})
