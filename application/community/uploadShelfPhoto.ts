import { Effect } from "effect"
import { ShelfItemNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { ImageUploads } from "../ports/ImageUploads"
import { ShelfStore } from "../ports/ShelfStore"
import { requireCustomer } from "../viewer"

/**
 * 'Foto': a photo for one of the collector's own items, checked by its content and re-encoded like catalogue
 * images (nothing the browser sent is served as it came). Ownership is checked before the image is kept.
 */
export const uploadShelfPhoto = Effect.fn("Community.uploadShelfPhoto")(function* (
  itemId: string,
  bytes: Uint8Array,
) {
  const actor = yield* requireCustomer
  const store = yield* ShelfStore
  const item = yield* store.item(itemId)
  if (item?.userId !== actor.id) return yield* new ShelfItemNotFound()
  const stored = yield* (yield* ImageUploads).store(bytes)
  const now = yield* (yield* Clock).now()
  yield* store.saveItem({ ...item, imageUrl: stored.url, updatedAt: now })
  return { url: stored.url }
})
