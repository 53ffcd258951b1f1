import { Effect } from "effect"
import { describeAchievement } from "../../domain/community/achievements"
import { levelProgress, titleOf } from "../../domain/community/levels"
import { currentStreak, USERNAME_PATTERN } from "../../domain/community/profile"
import { percentOf } from "../../domain/community/progress"
import { UserNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { CommunityReads } from "../ports/CommunityReads"
import { CurrentUser } from "../ports/CurrentUser"
import { publicName } from "./views"

const ACTIVITY_SHOWN = 30

/**
 * /profile/{handle}: a username when one matches, else an account id. Account ids are 32 characters, longer
 * than any username, so the two never meet.
 */
const byHandle = (handle: string) =>
  Effect.gen(function* () {
    const reads = yield* CommunityReads
    const username = handle.toLowerCase()
    const found = USERNAME_PATTERN.test(username) ? yield* reads.profileByUsername(username) : null
    return found ?? (yield* reads.profileById(handle))
  })

/**
 * A collector's public profile, by id or username. A private profile shows others its name only: none of its
 * figures, pieces, achievements or activity leaves this use case. Its owner sees everything.
 */
export const getCollectorProfile = Effect.fn("Community.getCollectorProfile")(function* (
  key: { readonly userId: string } | { readonly username: string } | { readonly handle: string },
) {
  const reads = yield* CommunityReads
  const row =
    "userId" in key
      ? yield* reads.profileById(key.userId)
      : "username" in key
        ? yield* reads.profileByUsername(key.username)
        : yield* byHandle(key.handle)
  if (!row) return yield* new UserNotFound()
  const { viewer } = yield* CurrentUser
  const isSelf = viewer?.id === row.userId
  const name = publicName({ hasProfile: row.hasProfile, name: row.displayName ?? row.fullName })
  const identity = { userId: row.userId, username: row.username, displayName: name, isSelf }
  if (row.isPrivate && !isSelf) return { ...identity, visibility: "private" as const }
  const now = yield* (yield* Clock).now()
  const [collections, unlocked, activity, isFollowing] = yield* Effect.all([
    reads.collections(row.userId),
    reads.achievements(row.userId),
    reads.activity(row.userId, ACTIVITY_SHOWN),
    viewer && !isSelf ? reads.isFollowing(viewer.id, row.userId) : Effect.succeed(false),
  ])
  return {
    ...identity,
    visibility: "public" as const,
    isPrivate: row.isPrivate,
    bio: row.bio,
    location: row.location,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
    joinedAt: row.joinedAt,
    isFollowing,
    stats: {
      pieces: row.pieces,
      collectionsCompleted: row.collectionsCompleted,
      score: row.score,
      level: row.level,
      title: titleOf(row.level),
      levelProgress: levelProgress(row.score),
      streak: currentStreak(row.streak, row.lastActivityAt, now),
      achievements: row.achievements,
      followers: row.followers,
      following: row.following,
      profileViews: row.profileViews,
    },
    collections: collections.map((c) => ({ ...c, percent: percentOf(c) })),
    achievements: unlocked.flatMap((a) => {
      const known = describeAchievement(a.code)
      return known ? [{ code: a.code, ...known, collection: a.scopeName, unlockedAt: a.unlockedAt }] : []
    }),
    activity,
  }
})

export type CollectorProfileView = Effect.Success<ReturnType<typeof getCollectorProfile>>
export type PublicProfileView = Extract<CollectorProfileView, { visibility: "public" }>
