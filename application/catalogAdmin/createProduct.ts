import { Effect } from "effect"
import { type ProductDraft, validateProduct } from "../../domain/catalogAdmin"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { catalogChange, checkedOrFail, requireCatalogManager } from "./catalogChange"
import { isRefusal, productRefusal, recordProductChange } from "./productChange"

/** Spec 002 §5: a product of the chosen collection, placed last, with its name and image. */
export const createProduct = Effect.fn("CatalogAdmin.createProduct")(function* (draft: ProductDraft) {
  const actor = yield* requireCatalogManager
  const input = yield* checkedOrFail(validateProduct(draft))
  const catalog = yield* CatalogAdmin
  return yield* catalogChange(
    Effect.gen(function* () {
      const created = yield* catalog.insertProduct(input)
      if (isRefusal(created)) return yield* productRefusal(created, input.collectionId, "collection")
      yield* recordProductChange(actor, "create", null, created)
      return created
    }),
  )
})
