import { Effect } from "effect"
import { CollectionNotFound } from "../errors"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { requireCatalogManager } from "./catalogChange"

/** Spec 002 §7: a collection's products, active or not, by display order. */
export const listAdminProducts = Effect.fn("CatalogAdmin.listProducts")(function* (collectionId: string) {
  yield* requireCatalogManager
  const catalog = yield* CatalogAdmin
  if (!(yield* catalog.findCollection(collectionId)))
    return yield* new CollectionNotFound({ idOrSlug: collectionId })
  return yield* catalog.listProducts(collectionId)
})
