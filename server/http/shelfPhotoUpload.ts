import { MAX_UPLOAD_BYTES } from "../../adapters/media/compressImage"
import { CATALOG_ADMIN_MESSAGES as M } from "../../domain/catalogAdmin/messages"
import { fileUploadRoutes, type UploadDeps } from "./fileUpload"

export const SHELF_PHOTO_UPLOAD_PATH = "/api/shelf/photos"

/**
 * A photo for one of the signed-in collector's own shelf items (fields `image` and `itemId`): the
 * `shelf.uploadPhoto` procedure checks the session and that the item is theirs, then re-encodes the image.
 */
export const shelfPhotoUploadRoutes = (deps: UploadDeps) =>
  fileUploadRoutes(
    {
      field: "image",
      fields: ["itemId"],
      maxBytes: MAX_UPLOAD_BYTES,
      messages: { tooLarge: M.imageTooLarge, missing: M.notAnImage },
      created: true,
      call: (caller, bytes, { itemId = "" }) => caller.shelf.uploadPhoto({ itemId, bytes }),
    },
    deps,
  )
