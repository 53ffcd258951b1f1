import { MAX_AVATAR_UPLOAD_BYTES } from "../../adapters/media/PostgresAvatarUploads"
import { CATALOG_ADMIN_MESSAGES as M } from "../../domain/catalogAdmin/messages"
import { fileUploadRoutes, type UploadDeps } from "./fileUpload"

export const AVATAR_UPLOAD_PATH = "/api/me/avatar"

/**
 * The signed-in collector's own picture (field `image`, up to 10 MB). The procedure decides the rest (session,
 * content check, square crop); there is no way to name another collector here.
 */
export const avatarUploadRoutes = (deps: UploadDeps) =>
  fileUploadRoutes(
    {
      field: "image",
      maxBytes: MAX_AVATAR_UPLOAD_BYTES,
      messages: { tooLarge: M.imageTooLarge, missing: M.notAnImage },
      created: true,
      call: (caller, bytes) => caller.communityProfiles.uploadAvatar({ bytes }),
    },
    deps,
  )
