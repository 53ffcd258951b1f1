import { Effect } from "effect"
import { levelProgress, titleOf } from "../../domain/community/levels"
import { defaultDisplayName, PRIVATE_COLLECTOR_NAME } from "../../domain/community/profile"
import { NotSignedIn } from "../errors"
import type { RankingRow } from "../ports/CommunityReads"
import { CurrentUser } from "../ports/CurrentUser"

/** The signed-in collector, acting on their own profile and follows only. */
export const requireCollector = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return viewer
})

/** The name a page shows: the chosen one, else first name and initial; a full name never leaves the server. */
export const publicName = (p: { hasProfile: boolean; name: string | null }) =>
  p.hasProfile && p.name ? p.name : defaultDisplayName(p.name ?? "")

/** What the ranking shows of a row. A private collector is listed by figures only: no name, picture or link. */
export function rankingRowView(row: RankingRow, viewerId: string | null) {
  return {
    position: row.position,
    isViewer: row.userId === viewerId,
    isPrivate: row.isPrivate,
    userId: row.isPrivate ? null : row.userId,
    name: row.isPrivate ? PRIVATE_COLLECTOR_NAME : publicName(row),
    username: row.username,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
    title: titleOf(row.level),
    points: row.points,
    score: row.score,
    level: row.level,
    levelProgress: levelProgress(row.score),
    streak: row.streak,
    pieces: row.pieces,
    collectionsCompleted: row.collectionsCompleted,
    achievements: row.achievements,
    lastActivityAt: row.lastActivityAt,
  }
}

export type RankingRowView = ReturnType<typeof rankingRowView>
