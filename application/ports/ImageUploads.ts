import { Context, Data, type Effect } from "effect"

/** Spec 002 §5/§8: not an image, or an image we could not decode or bring under the size target. */
export class ImageRejected extends Data.TaggedError("ImageRejected")<{
  readonly reason: "not_image" | "too_large" | "process" | "compress"
}> {}

/**
 * Keeps an uploaded catalogue image: checked by its content, resized to ≤ 800 px and re-encoded as JPEG
 * ≤ 200 KB (spec 002 §5), stored where the media route serves it and its responsive variants. Returns its URL.
 */
export class ImageUploads extends Context.Service<
  ImageUploads,
  {
    store(bytes: Uint8Array): Effect.Effect<{ readonly url: string; readonly bytes: number }, ImageRejected>
  }
>()("store/application/ImageUploads") {}
