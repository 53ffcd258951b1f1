import { Context, type Effect } from "effect"
import type { ImageRejected } from "./ImageUploads"

/**
 * Keeps a collector's profile picture: checked by its content, cropped square and resized small, re-encoded as
 * JPEG where the media route serves it. Returns its URL.
 */
export class AvatarUploads extends Context.Service<
  AvatarUploads,
  { store(bytes: Uint8Array): Effect.Effect<{ readonly url: string }, ImageRejected> }
>()("store/application/AvatarUploads") {}
