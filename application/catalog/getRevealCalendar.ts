import { Effect } from "effect"
import { revealPhase } from "../../domain/catalog/reveal"
import { revealCalendar } from "../../domain/catalog/revealCalendar"
import { CollectionNotFound } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { StoreSite } from "../ports/StoreSite"

/**
 * A collection's reveal calendar as an iCalendar feed: its characters' reveals (named once revealed, a mystery
 * before) and each month's day-14 payment cut-off. A phone re-reads it, so later reveals update in place.
 */
export const getRevealCalendar = Effect.fn("Catalog.getRevealCalendar")(function* (idOrSlug: string) {
  const catalog = yield* CatalogRepository
  const collection = yield* catalog.findCollection(idOrSlug)
  if (!collection) return yield* new CollectionNotFound({ idOrSlug })
  const characters = yield* catalog.listCharacters(collection.id)
  const now = yield* (yield* Clock).now()
  const site = yield* StoreSite
  const url = `${site.publicUrl}/colecoes/${encodeURIComponent(collection.slug)}`
  return {
    filename: `calendario-${collection.slug}.ics`,
    body: revealCalendar({
      collection: { id: collection.id, name: collection.name },
      characters: characters.map((c) => ({
        id: c.id,
        name: c.name,
        edition: c.edition,
        revealed: revealPhase(c, now) === "final",
      })),
      url,
      host: new URL(site.publicUrl).host,
      stamp: now,
    }),
  }
})
