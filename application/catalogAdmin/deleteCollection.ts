import { Effect } from "effect"
import { CATALOG_ADMIN_MESSAGES } from "../../domain/catalogAdmin"
import { recordAdminChange } from "../admin"
import { CatalogChangeRefused, CollectionNotFound } from "../errors"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { catalogChange, requireCatalogManager } from "./catalogChange"

/**
 * Removes a collection and all its products (the screen warned). One whose products were ordered, or that has
 * subscriptions, stays: orders and their history must keep what was bought; deactivating hides it instead.
 */
export const deleteCollection = Effect.fn("CatalogAdmin.deleteCollection")(function* (id: string) {
  const actor = yield* requireCatalogManager
  const catalog = yield* CatalogAdmin
  yield* catalogChange(
    Effect.gen(function* () {
      const before = yield* catalog.findCollection(id)
      if (!before) return yield* new CollectionNotFound({ idOrSlug: id })
      const outcome = yield* catalog.deleteCollection(id)
      if (outcome === "has_sales")
        return yield* new CatalogChangeRefused({ message: CATALOG_ADMIN_MESSAGES.collectionSold })
      if (outcome !== "deleted") return yield* new CollectionNotFound({ idOrSlug: id })
      yield* recordAdminChange({
        actor,
        subjectType: "collection",
        subjectId: id,
        subjectLabel: before.name,
        action: "delete",
        before,
        after: null,
      })
    }),
  )
})
