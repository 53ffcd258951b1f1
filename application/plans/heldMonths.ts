import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import type { Character } from "../../domain/catalog/catalog"
import { firstCoveredMonth, type Month, monthKey, monthsPaidFor } from "../../domain/subscriptions/coverage"
import { firstMonthNote } from "../../domain/subscriptions/firstMonth"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { CustomerDetails } from "../ports/CustomerDetails"
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

/**
 * The first month a plan of the collection paid now would cover, after the months whose character the collector
 * already holds, and what the collector reads of it before paying.
 */
export const planStart = Effect.fnUntraced(function* (userId: string, collectionId: string) {
  const now = yield* (yield* Clock).now()
  const { cpf } = yield* (yield* CustomerDetails).get(userId)
  const from = firstCoveredMonth(toSaoPauloCivil(now))
  const held = yield* heldMonths(collectionId, { userId, cpf }, from)
  const [first = from] = monthsPaidFor(now, 1, null, held)
  const skipped = [...held].filter((m) => m < first).sort()
  return { firstMonth: first, note: firstMonthNote(first, skipped) }
})
