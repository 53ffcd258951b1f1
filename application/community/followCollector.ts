import { Effect } from "effect"
import { PROFILE_MESSAGES } from "../../domain/community/profile"
import { InvalidInput, UserNotFound } from "../errors"
import { ClientAddress } from "../ports/ClientAddress"
import { Clock } from "../ports/Clock"
import { CommunityReads } from "../ports/CommunityReads"
import { CurrentUser } from "../ports/CurrentUser"
import { saoPauloIsoDay } from "./shelfViews"
import { requireCollector } from "./views"

/** Follows or stops following another collector; following twice is following once. */
export const setFollowing = Effect.fn("Community.setFollowing")(function* (input: {
  readonly userId: string
  readonly follow: boolean
}) {
  const viewer = yield* requireCollector
  if (input.userId === viewer.id) return yield* new InvalidInput({ message: PROFILE_MESSAGES.followSelf })
  const reads = yield* CommunityReads
  if (!input.follow) {
    yield* reads.unfollow(viewer.id, input.userId)
    return { following: false }
  }
  // A private collector is not found by anyone else, for following too.
  const target = yield* reads.profileById(input.userId)
  if (!target || target.isPrivate) return yield* new UserNotFound()
  yield* reads.follow(viewer.id, input.userId, yield* (yield* Clock).now())
  return { following: true }
})

/**
 * A visit to a profile by someone else (its owner's own visits do not count), once a day per visitor: a signed-in
 * account, else the client's address.
 */
export const countProfileView = Effect.fn("Community.countProfileView")(function* (userId: string) {
  const { viewer } = yield* CurrentUser
  if (viewer?.id === userId) return
  const visitor = viewer ? `user:${viewer.id}` : `address:${yield* ClientAddress}`
  const day = saoPauloIsoDay(yield* (yield* Clock).now())
  yield* (yield* CommunityReads).countView(userId, visitor, day)
})
