import { Effect } from "effect"
import { characterDetail } from "../../domain/catalog/showcase"
import { productJsonLd } from "../../domain/pricing/productJsonLd"
import { CharacterNotFound } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { StoreSite } from "../ports/StoreSite"
import { editionNote } from "./editionNote"
import { storefrontPricing } from "./storefrontPricing"
import { MAX_ID_LENGTH } from "./views"

export const getCharacter = Effect.fn("Catalog.getCharacter")(function* (id: string) {
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  if (id.length > MAX_ID_LENGTH) return yield* new CharacterNotFound({ id: id.slice(0, 40) })
  const found = yield* catalog.findCharacter(id)
  if (!found) return yield* new CharacterNotFound({ id })
  const [categoryPrices, pricing] = yield* Effect.all([catalog.categoryPrices(), storefrontPricing], {
    concurrency: "unbounded",
  })
  const character = characterDetail(found.character, found.collection, {
    now,
    isSubscriber: false,
    categoryPrices,
    pricing,
  })
  const description =
    character.description ??
    `Personagem misterioso da coleção ${character.collection.name}. Revelação no dia 15.`
  return {
    character,
    // The page's structured data (schema.org Product and Offer), written here so the browser gets text.
    jsonLd: productJsonLd(character, yield* StoreSite, description),
    editionNote: yield* editionNote(found.character.id),
  }
})
