import { Effect } from "effect"
import { nextCharacterChange } from "../../domain/catalog/showcase"
import { CatalogRepository } from "../ports/CatalogRepository"

/**
 * The next instant the clock alone changes a character of the catalogue on sale (a teaser, a preview, a reveal,
 * the end of its 'Novo' days): cached pages live no longer than this, so a reveal an administrator moved off
 * noon on the 15th still appears everywhere at its own instant.
 */
export const nextCatalogChange = Effect.fn("Catalog.nextCatalogChange")(function* (now: number) {
  const catalog = yield* CatalogRepository
  const collections = yield* catalog.listActiveCollections()
  const characters = yield* catalog.listCharactersOfCollections(collections.map((c) => c.id))
  return nextCharacterChange([...characters.values()].flat(), now)
})
