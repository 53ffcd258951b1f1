import { createHash, randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import sharp from "sharp"
import { AvatarUploads } from "../../application/ports/AvatarUploads"
import { ImageRejected } from "../../application/ports/ImageUploads"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from "./compressImage"

export const AVATAR_SIDE = 256
/** The catalogue's limit, so the refusal's text ("máximo de 10 MB") holds for both. */
export const MAX_AVATAR_UPLOAD_BYTES = MAX_UPLOAD_BYTES
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"])

type Made = { ok: true; body: Uint8Array } | { ok: false; reason: "not_image" | "too_large" | "process" }

/** Checks the bytes are a raster image by their content, then crops the centre square at 256 px as JPEG. */
export async function squareAvatar(input: Uint8Array): Promise<Made> {
  if (input.byteLength > MAX_AVATAR_UPLOAD_BYTES) return { ok: false, reason: "too_large" }
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const
  try {
    const { format } = await sharp(input, options).metadata()
    if (!format || !RASTER_FORMATS.has(format)) return { ok: false, reason: "not_image" }
  } catch (error) {
    return { ok: false, reason: /pixel limit/i.test(String(error)) ? "too_large" : "not_image" }
  }
  try {
    const body = await sharp(input, { ...options, pages: 1 })
      .rotate()
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
    return { ok: true, body: new Uint8Array(body) }
  } catch {
    return { ok: false, reason: "process" }
  }
}

/** Avatars live in media_assets as `avatar-<uuid>.jpeg`, served by the media route like catalogue uploads. */
export const PostgresAvatarUploadsLayer = Layer.effect(
  AvatarUploads,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AvatarUploads.of({
      store: (bytes) =>
        Effect.gen(function* () {
          const made = yield* Effect.promise(() => squareAvatar(bytes))
          if (!made.ok) return yield* new ImageRejected({ reason: made.reason })
          const name = `avatar-${randomUUID()}`
          const etag = `"${createHash("sha1").update(made.body).digest("base64url").slice(0, 16)}"`
          yield* withExecutor(db, (executor) =>
            executor
              .insertInto("media_assets")
              .values({ key: `${name}.jpeg`, content_type: "image/jpeg", body: made.body, etag })
              .execute(),
          )
          return { url: `/media/${name}.jpeg` }
        }),
    })
  }),
)
