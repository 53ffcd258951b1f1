import { Effect } from "effect"
import { type CollectionDraft, validateCollection } from "../../domain/catalogAdmin"
import { recordAdminChange } from "../admin"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { catalogChange, checkedOrFail, requireCatalogManager } from "./catalogChange"

/** Spec 002 §2: a new collection, validated by the form's rules, logged and shown by the storefront at once. */
export const createCollection = Effect.fn("CatalogAdmin.createCollection")(function* (
  draft: CollectionDraft,
) {
  const actor = yield* requireCatalogManager
  const input = yield* checkedOrFail(validateCollection(draft))
  const catalog = yield* CatalogAdmin
  return yield* catalogChange(
    Effect.gen(function* () {
      const created = yield* catalog.insertCollection(input)
      yield* recordAdminChange({
        actor,
        subjectType: "collection",
        subjectId: created.id,
        subjectLabel: created.name,
        action: "create",
        before: null,
        after: created,
      })
      return created
    }),
  )
})
