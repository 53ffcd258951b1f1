import { Effect } from "effect"
import { characterCard } from "../../domain/catalog/showcase"
import { CollectionNotFound } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { storefrontPricing } from "./storefrontPricing"
import { MAX_ID_LENGTH, summarizeCollection } from "./views"

/** A collection with every character as a shopper may see it now; serves the detail and the full list pages. */
export const getCollection = Effect.fn("Catalog.getCollection")(function* (idOrSlug: string) {
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  // A path segment longer than any id or slug names nothing: not found, like any other unknown one.
  if (idOrSlug.length > MAX_ID_LENGTH)
    return yield* new CollectionNotFound({ idOrSlug: idOrSlug.slice(0, 40) })
  const collection = yield* catalog.findCollection(idOrSlug)
  if (!collection) return yield* new CollectionNotFound({ idOrSlug })
  const [characters, categoryPrices, pricing] = yield* Effect.all(
    [catalog.listCharacters(collection.id), catalog.categoryPrices(), storefrontPricing],
    { concurrency: "unbounded" },
  )
  const ctx = { now, isSubscriber: false, categoryPrices, pricing }
  return {
    collection: summarizeCollection(collection, characters, now, categoryPrices, pricing),
    characters: characters.map((c) => characterCard(c, collection, ctx)),
  }
})
