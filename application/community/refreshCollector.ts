import { Effect } from "effect"
import { levelOf } from "../../domain/community/levels"
import { isComplete, reachedAchievements } from "../../domain/community/progress"
import { streakOf } from "../../domain/community/streak"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import { CommunityLedger } from "../ports/CommunityLedger"

/**
 * After a collector's pieces or points changed: unlocks the collection achievements now reached (each with its
 * XP, once), then rewrites the figures the ranking reads. Runs in the caller's unit of work.
 */
export const refreshCollector = Effect.fn("Community.refreshCollector")(function* (
  userId: string,
  now: number,
) {
  const ledger = yield* CommunityLedger
  const progress = yield* ledger.progress(userId)
  for (const [collectionId, p] of progress)
    for (const achievement of reachedAchievements(p))
      if (yield* ledger.unlock(userId, achievement.code, collectionId, now))
        yield* ledger.record({
          userId,
          kind: "achievement",
          reference: `${achievement.code}:${collectionId}`,
          points: achievement.xp,
          coins: 0,
          description: `Conquista desbloqueada: ${achievement.name}`,
          occurredAt: now,
        })
  const totals = yield* ledger.totals(userId)
  yield* ledger.saveStats({
    ...totals,
    userId,
    level: levelOf(totals.score),
    streak: streakOf(yield* ledger.activeMonths(userId), monthOfInstant(now)),
    collectionsCompleted: [...progress.values()].filter(isComplete).length,
    updatedAt: now,
  })
})
