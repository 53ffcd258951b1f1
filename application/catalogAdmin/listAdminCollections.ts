import { Effect } from "effect"
import { CatalogAdmin, type CollectionQuery } from "../ports/CatalogAdmin"
import { requireCatalogManager } from "./catalogChange"

/** Spec 002 §7: every collection, active or not, a page at a time, searched, filtered and sorted by the database. */
export const listAdminCollections = Effect.fn("CatalogAdmin.listCollections")(function* (
  query: CollectionQuery,
) {
  yield* requireCatalogManager
  return yield* (yield* CatalogAdmin).listCollections(query)
})
