import { Effect } from "effect"
import { AvatarUploads } from "../ports/AvatarUploads"
import { requireCollector } from "./views"

/** A signed-in collector's new picture; it shows once the profile is saved with it. */
export const uploadMyAvatar = Effect.fn("Community.uploadMyAvatar")(function* (bytes: Uint8Array) {
  yield* requireCollector
  return yield* (yield* AvatarUploads).store(bytes)
})
