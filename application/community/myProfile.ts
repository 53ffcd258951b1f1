import { Effect } from "effect"
import {
  defaultDisplayName,
  normaliseProfile,
  PROFILE_MESSAGES,
  type ProfileInput,
  validateProfile,
} from "../../domain/community/profile"
import { InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { CommunityReads } from "../ports/CommunityReads"
import { requireCollector } from "./views"

/** The public profile as its owner edits it in /perfil; defaults until one is saved. */
export const getMyProfile = Effect.fn("Community.getMyProfile")(function* () {
  const viewer = yield* requireCollector
  const saved = yield* (yield* CommunityReads).savedProfile(viewer.id)
  return {
    userId: viewer.id,
    saved: saved !== null,
    username: saved?.username ?? "",
    displayName: saved?.displayName ?? defaultDisplayName(viewer.name),
    bio: saved?.bio ?? "",
    location: saved?.location ?? "",
    avatarUrl: saved?.avatarUrl ?? null,
    isPrivate: saved?.isPrivate ?? false,
  }
})

/**
 * Saves the caller's own public profile (there is no way to name another collector's): the domain's rule
 * decides what is valid, the database's unique index who holds a username.
 */
export const updateMyProfile = Effect.fn("Community.updateMyProfile")(function* (input: ProfileInput) {
  const viewer = yield* requireCollector
  const profile = normaliseProfile(input)
  const errors = Object.values(validateProfile(profile))
  if (errors[0]) return yield* new InvalidInput({ message: errors[0] })
  const now = yield* (yield* Clock).now()
  yield* (yield* CommunityReads)
    .saveProfile({ ...profile, userId: viewer.id }, now)
    .pipe(
      Effect.catchTag("UsernameTaken", () => new InvalidInput({ message: PROFILE_MESSAGES.usernameTaken })),
    )
  return { username: profile.username }
})
