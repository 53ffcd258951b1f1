import { Effect } from "effect"
import { type CollectionDraft, validateCollection } from "../../domain/catalogAdmin"
import { recordAdminChange } from "../admin/recordChange"
import { CollectionNotFound } from "../errors"
import { CatalogAdmin, type CollectionFlags } from "../ports/CatalogAdmin"
import { catalogChange, checkedOrFail, requireCatalogManager } from "./catalogChange"

/** The edit form's save: every field of the collection, validated by the form's rules. */
export const updateCollection = Effect.fn("CatalogAdmin.updateCollection")(function* (
  id: string,
  draft: CollectionDraft,
) {
  const actor = yield* requireCatalogManager
  const input = yield* checkedOrFail(validateCollection(draft))
  const catalog = yield* CatalogAdmin
  return yield* catalogChange(
    Effect.gen(function* () {
      const before = yield* catalog.findCollection(id)
      const after = before && (yield* catalog.updateCollection(id, input))
      if (!before || !after) return yield* new CollectionNotFound({ idOrSlug: id })
      yield* recordAdminChange({
        actor,
        subjectType: "collection",
        subjectId: id,
        subjectLabel: after.name,
        action: "update",
        before,
        after,
      })
      return after
    }),
  )
})

/** The table's quick actions: activate or deactivate, feature, and the price that applies to all its products. */
export const setCollectionFlags = Effect.fn("CatalogAdmin.setCollectionFlags")(function* (
  id: string,
  flags: CollectionFlags,
) {
  const actor = yield* requireCatalogManager
  const catalog = yield* CatalogAdmin
  return yield* catalogChange(
    Effect.gen(function* () {
      const before = yield* catalog.findCollection(id)
      const after = before && (yield* catalog.setCollectionFlags(id, flags))
      if (!before || !after) return yield* new CollectionNotFound({ idOrSlug: id })
      yield* recordAdminChange({
        actor,
        subjectType: "collection",
        subjectId: id,
        subjectLabel: after.name,
        action: flags.price !== undefined ? "set_price" : "update",
        before,
        after,
      })
      return after
    }),
  )
})
