import { createHash, randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { ImageRejected, ImageUploads } from "../../application/ports/ImageUploads"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"
import { compressImage } from "./compressImage"

/**
 * Uploaded catalogue images live in media_assets beside the drawn artwork, as `upload-<uuid>.jpeg`: the media
 * route serves the original and makes the storefront's responsive variants from it on first request.
 */
export const PostgresImageUploadsLayer = Layer.effect(
  ImageUploads,
  Effect.gen(function* () {
    const { db } = yield* Db
    return ImageUploads.of({
      store: (bytes) =>
        Effect.gen(function* () {
          const result = yield* Effect.promise(() => compressImage(bytes))
          if (!result.ok) return yield* new ImageRejected({ reason: result.reason })
          const name = `upload-${randomUUID()}`
          const etag = `"${createHash("sha1").update(result.body).digest("base64url").slice(0, 16)}"`
          yield* withExecutor(db, (executor) =>
            executor
              .insertInto("media_assets")
              .values({ key: `${name}.jpeg`, content_type: "image/jpeg", body: result.body, etag })
              .execute(),
          )
          return { url: `/media/${name}.jpeg`, bytes: result.body.byteLength }
        }),
    })
  }),
)
