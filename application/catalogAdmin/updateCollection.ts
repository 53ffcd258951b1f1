import { Effect } from "effect"
import { type CollectionDraft, validateCollection } from "../../domain/catalogAdmin"
import { recordAdminChange } from "../admin"
import { CollectionNotFound } from "../errors"
import { type AdminCollection, CatalogAdmin, type CollectionFlags } from "../ports/CatalogAdmin"
import { catalogChange, checkedOrFail, requireCatalogManager } from "./catalogChange"

/** Reads the collection, applies `write`, and logs before and after, all in the catalogue change's transaction. */
const changeCollection = (
  id: string,
  action: string,
  write: (catalog: CatalogAdmin["Service"]) => Effect.Effect<AdminCollection | null>,
) =>
  Effect.gen(function* () {
    const actor = yield* requireCatalogManager
    const catalog = yield* CatalogAdmin
    return yield* catalogChange(
      Effect.gen(function* () {
        const before = yield* catalog.findCollection(id)
        const after = before && (yield* write(catalog))
        if (!before || !after) return yield* new CollectionNotFound({ idOrSlug: id })
        yield* recordAdminChange({
          actor,
          subjectType: "collection",
          subjectId: id,
          subjectLabel: after.name,
          action,
          before,
          after,
        })
        return after
      }),
    )
  })

/** The edit form's save: every field of the collection, validated by the form's rules. */
export const updateCollection = Effect.fn("CatalogAdmin.updateCollection")(function* (
  id: string,
  draft: CollectionDraft,
) {
  yield* requireCatalogManager
  const input = yield* checkedOrFail(validateCollection(draft))
  return yield* changeCollection(id, "update", (catalog) => catalog.updateCollection(id, input))
})

/** The table's quick actions: activate or deactivate, feature, and the price that applies to all its products. */
export const setCollectionFlags = Effect.fn("CatalogAdmin.setCollectionFlags")(function* (
  id: string,
  flags: CollectionFlags,
) {
  const action = flags.price !== undefined ? "set_price" : "update"
  return yield* changeCollection(id, action, (catalog) => catalog.setCollectionFlags(id, flags))
})
