import { Effect } from "effect"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { storefrontPricing } from "./storefrontPricing"
import { summarizeCollection } from "./views"

export const listCollections = Effect.fn("Catalog.listCollections")(function* () {
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  const collections = yield* catalog.listActiveCollections()
  const [characters, prices, pricing] = yield* Effect.all(
    [
      catalog.listCharactersOfCollections(collections.map((c) => c.id)),
      catalog.categoryPrices(),
      storefrontPricing,
    ],
    { concurrency: "unbounded" },
  )
  return collections.map((c) => summarizeCollection(c, characters.get(c.id) ?? [], now, prices, pricing))
})
