import { Effect } from "effect"
import { type Direction, CATALOG_ADMIN_MESSAGES as M, moveInOrder } from "../../domain/catalogAdmin"
import { CatalogChangeRefused } from "../errors"
import { CatalogAdmin } from "../ports/CatalogAdmin"
import { catalogChange, requireCatalogManager } from "./catalogChange"
import { notFound, recordProductChange } from "./productChange"

/**
 * Moves a product one place up or down its collection. The whole order is rewritten in one transaction, so two
 * administrators moving at once never leave two products on the same place.
 */
export const moveProduct = Effect.fn("CatalogAdmin.moveProduct")(function* (
  id: string,
  direction: Direction,
) {
  const actor = yield* requireCatalogManager
  const catalog = yield* CatalogAdmin
  return yield* catalogChange(
    Effect.gen(function* () {
      const before = yield* catalog.findProduct(id)
      if (!before) return yield* notFound(id)
      const order = yield* catalog.reorderProducts(before.collectionId, (ids) =>
        moveInOrder(ids, id, direction),
      )
      if (!order) return yield* new CatalogChangeRefused({ message: M.cannotMove })
      const after = { ...before, displayOrder: order.indexOf(id) + 1 }
      yield* recordProductChange(actor, `move_${direction}`, before, after)
      return yield* catalog.listProducts(before.collectionId)
    }),
  )
})
