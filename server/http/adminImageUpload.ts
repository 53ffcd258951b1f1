import { MAX_UPLOAD_BYTES } from "../../adapters/media/compressImage"
import { CATALOG_ADMIN_MESSAGES as M } from "../../domain/catalogAdmin/messages"
import { fileUploadRoutes, type UploadDeps } from "./fileUpload"

export const ADMIN_IMAGE_UPLOAD_PATH = "/api/admin/images"

/**
 * Catalogue image upload (field `image`, up to 10 MB). The `admin.collections.uploadImage` procedure decides
 * everything else (session, permission, content check, compression).
 */
export const adminImageUploadRoutes = (deps: UploadDeps) =>
  fileUploadRoutes(
    {
      field: "image",
      maxBytes: MAX_UPLOAD_BYTES,
      messages: { tooLarge: M.imageTooLarge, missing: M.notAnImage },
      created: true,
      call: (caller, bytes) => caller.admin.collections.uploadImage({ bytes }),
    },
    deps,
  )
