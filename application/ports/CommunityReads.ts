import { Context, Data, type Effect } from "effect"
import type { ProfileInput } from "../../domain/community/profile"

export type RankingSort = "score" | "level" | "streak"
export type RankingPeriod = "all" | "month"

export interface RankingQuery {
  readonly sort: RankingSort
  readonly period: RankingPeriod
  /** Matched against the public name and username only; private collectors are never found by name. */
  readonly search: string
  readonly page: number
  readonly pageSize: number
  /** Epoch ms: "this month" and the streak's validity are counted from it. */
  readonly now: number
  readonly viewerId: string | null
}

/** One row of the ranking. A private collector has no name, username or picture here. */
export interface RankingRow {
  readonly position: number
  readonly userId: string
  readonly isPrivate: boolean
  /** The chosen display name, or the account's full name when no profile was saved (the use case shortens it). */
  readonly name: string | null
  readonly hasProfile: boolean
  readonly username: string | null
  readonly avatarUrl: string | null
  readonly isVerified: boolean
  /** All-time score, or the points of this month when the period is "month". */
  readonly points: number
  readonly score: number
  readonly level: number
  readonly streak: number
  readonly pieces: number
  readonly collectionsCompleted: number
  readonly achievements: number
  readonly lastActivityAt: number | null
}

export interface RankingSummary {
  readonly activeCollectors: number
  readonly highestScore: number
  readonly longestStreak: number
  readonly highestLevel: number
}

export interface RankingPage {
  readonly rows: readonly RankingRow[]
  /** Rows matching the search (for the pager). */
  readonly total: number
  readonly summary: RankingSummary
  /** The viewer's own row in this sort and period, whatever the search and page; null when not ranked. */
  readonly viewer: RankingRow | null
}

export interface CollectorProfileRow {
  readonly userId: string
  readonly fullName: string
  readonly hasProfile: boolean
  readonly username: string | null
  readonly displayName: string | null
  readonly bio: string
  readonly location: string
  readonly avatarUrl: string | null
  readonly isPrivate: boolean
  readonly isVerified: boolean
  readonly profileViews: number
  readonly joinedAt: number
  readonly score: number
  readonly level: number
  readonly streak: number
  readonly pieces: number
  readonly collectionsCompleted: number
  readonly achievements: number
  readonly lastActivityAt: number | null
  readonly followers: number
  readonly following: number
}

export interface CollectionShare {
  readonly collectionId: string
  readonly name: string
  readonly owned: number
  readonly total: number
}

export interface UnlockedAchievement {
  readonly code: string
  readonly scope: string
  /** The collection's name for a collection achievement. */
  readonly scopeName: string | null
  readonly unlockedAt: number
}

export interface ActivityEntry {
  readonly description: string
  readonly points: number
  readonly occurredAt: number
}

/** A collector's saved public profile, as its owner edits it. */
export interface SavedProfile extends ProfileInput {
  readonly userId: string
}

export class UsernameTaken extends Data.TaggedError("UsernameTaken") {}

/**
 * The community's read side and the collector's own profile: the ranking (positions computed by the
 * database over every collector), profiles, what a profile's tabs list, follows. Private profiles are
 * filtered by the use cases, which decide what a viewer may see.
 */
export class CommunityReads extends Context.Service<
  CommunityReads,
  {
    ranking(query: RankingQuery): Effect.Effect<RankingPage>
    profileById(userId: string): Effect.Effect<CollectorProfileRow | null>
    profileByUsername(username: string): Effect.Effect<CollectorProfileRow | null>
    collections(userId: string): Effect.Effect<readonly CollectionShare[]>
    achievements(userId: string): Effect.Effect<readonly UnlockedAchievement[]>
    activity(userId: string, limit: number): Effect.Effect<readonly ActivityEntry[]>
    isFollowing(followerId: string, followeeId: string): Effect.Effect<boolean>
    /** Idempotent: following twice is following once. */
    follow(followerId: string, followeeId: string, at: number): Effect.Effect<void>
    unfollow(followerId: string, followeeId: string): Effect.Effect<void>
    /** Counts one view per visitor (a key hashed before it is stored) and São Paulo day ("YYYY-MM-DD"). */
    countView(userId: string, visitor: string, day: string): Effect.Effect<void>
    savedProfile(userId: string): Effect.Effect<SavedProfile | null>
    /** Creates or replaces the collector's profile; fails when another collector holds the username. */
    saveProfile(profile: SavedProfile, at: number): Effect.Effect<void, UsernameTaken>
  }
>()("store/application/CommunityReads") {}
