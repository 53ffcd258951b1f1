import { Effect } from "effect"
import { ImageUploads } from "../ports/ImageUploads"
import { requireCatalogManager } from "./catalogChange"

/**
 * Spec 002 §5: an image for a collection or product, kept resized and compressed. Not logged by itself: the
 * save of the form that uses it records the new URL.
 */
export const uploadCatalogImage = Effect.fn("CatalogAdmin.uploadImage")(function* (bytes: Uint8Array) {
  yield* requireCatalogManager
  return yield* (yield* ImageUploads).store(bytes)
})
