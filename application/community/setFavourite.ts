import { Effect } from "effect"
import { CharacterNotFound } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { Favourites } from "../ports/Favourites"
import { requireCustomer } from "../viewer"

/** The character page's heart: the client says the state it wants, so a double click cannot undo itself. */
export const setFavourite = Effect.fn("Community.setFavourite")(function* (productId: string, on: boolean) {
  const actor = yield* requireCustomer
  if (on && !(yield* (yield* CatalogRepository).findCharacter(productId)))
    return yield* new CharacterNotFound({ id: productId.slice(0, 40) })
  const now = yield* (yield* Clock).now()
  const favourites = yield* Favourites
  yield* favourites.set(actor.id, productId, on, now)
  return { favourite: on }
})
