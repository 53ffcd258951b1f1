import { Effect } from "effect"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { catalogChange, requireCatalogManager } from "./catalogChange"
import { notFound, productRefusal, recordProductChange } from "./productChange"

/**
 * Removes a product. One that was ordered stays (order lines point at it, and a customer's order must keep what
 * was bought): the administrator is told to deactivate it instead.
 */
export const deleteProduct = Effect.fn("CatalogAdmin.deleteProduct")(function* (id: string) {
  const actor = yield* requireCatalogManager
  const catalog = yield* CatalogAdmin
  yield* catalogChange(
    Effect.gen(function* () {
      const before = yield* catalog.findProduct(id)
      if (!before) return yield* notFound(id)
      const outcome = yield* catalog.deleteProduct(id)
      if (outcome !== "deleted") return yield* productRefusal(outcome, id, "product")
      yield* recordProductChange(actor, "delete", before, null)
    }),
  )
})
