import { Effect } from "effect"
import {
  editionSizeFits,
  CATALOG_ADMIN_MESSAGES as M,
  type ProductDraft,
  validateProduct,
} from "../../domain/catalogAdmin"
import { InvalidInput } from "../errors"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { catalogChange, checkedOrFail, requireCatalogManager } from "./catalogChange"
import { isRefusal, notFound, productRefusal, recordProductChange } from "./productChange"

/**
 * The edit form's save. The product stays in its collection; weight and dimensions are what the shipping quote
 * reads, and a numbered edition cannot shrink below the units already sold or held.
 */
export const updateProduct = Effect.fn("CatalogAdmin.updateProduct")(function* (
  id: string,
  draft: ProductDraft,
) {
  const actor = yield* requireCatalogManager
  const input = yield* checkedOrFail(validateProduct(draft))
  const catalog = yield* CatalogAdmin
  return yield* catalogChange(
    Effect.gen(function* () {
      const before = yield* catalog.findProduct(id)
      if (!before) return yield* notFound(id)
      if (!editionSizeFits(input.editionSize, before.editionTaken))
        return yield* new InvalidInput({ message: M.editionSizeBelowTaken })
      const after = yield* catalog.updateProduct(id, { ...input, collectionId: before.collectionId })
      if (isRefusal(after)) return yield* productRefusal(after, id, "product")
      yield* recordProductChange(actor, "update", before, after)
      return after
    }),
  )
})
