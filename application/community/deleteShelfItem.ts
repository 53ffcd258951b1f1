import { Effect } from "effect"
import { ShelfItemNotFound } from "../errors"
import { ShelfStore } from "../ports/ShelfStore"
import { requireCustomer } from "../viewer"

/** Removes one of the collector's own hand-added items (store pieces leave only by refund or trade). */
export const deleteShelfItem = Effect.fn("Community.deleteShelfItem")(function* (id: string) {
  const actor = yield* requireCustomer
  const store = yield* ShelfStore
  const item = yield* store.item(id)
  if (item?.userId !== actor.id) return yield* new ShelfItemNotFound()
  yield* store.deleteItem(id, actor.id)
})
