import { Effect } from "effect"
import { characterDetail } from "../../domain/showcase"
import { CharacterNotFound } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { editionNote } from "./editionNote"
import { MAX_ID_LENGTH } from "./views"

export const getCharacter = Effect.fn("Catalog.getCharacter")(function* (id: string) {
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  if (id.length > MAX_ID_LENGTH) return yield* new CharacterNotFound({ id: id.slice(0, 40) })
  const found = yield* catalog.findCharacter(id)
  if (!found) return yield* new CharacterNotFound({ id })
  const categoryPrices = yield* catalog.categoryPrices()
  return {
    character: characterDetail(found.character, found.collection, {
      now,
      isSubscriber: false,
      categoryPrices,
    }),
    editionNote: yield* editionNote(found.character.id),
  }
})
