import { Effect } from "effect"
import {
  BADGE_PREFIX,
  type CollectorFigures,
  reachedBadges,
  reachedOverview,
} from "../../domain/community/achievements"
import { levelOf } from "../../domain/community/levels"
import { isComplete, reachedAchievements } from "../../domain/community/progress"
import { streakOf } from "../../domain/community/streak"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import { CollectorFacts } from "../ports/CollectorFacts"
import { CommunityLedger } from "../ports/CommunityLedger"

const always = { start: null, end: null }

/**
 * After a collector's pieces or points changed: unlocks the collection and overview achievements now reached
 * (each with its XP, once) and the badges (with their date), then rewrites the figures the ranking reads. Runs
 * in the caller's unit of work.
 */
export const refreshCollector = Effect.fn("Community.refreshCollector")(function* (
  userId: string,
  now: number,
) {
  const ledger = yield* CommunityLedger
  const facts = yield* CollectorFacts
  const achieve = Effect.fnUntraced(function* (code: string, scope: string, name: string, xp: number) {
    if (yield* ledger.unlock(userId, code, scope, now))
      yield* ledger.record({
        userId,
        kind: "achievement",
        reference: scope === "" ? code : `${code}:${scope}`,
        points: xp,
        coins: 0,
        description: `Conquista desbloqueada: ${name}`,
        occurredAt: now,
      })
  })
  const progress = yield* ledger.progress(userId)
  for (const [collectionId, p] of progress)
    for (const achievement of reachedAchievements(p))
      yield* achieve(achievement.code, collectionId, achievement.name, achievement.xp)

  const collectionsCompleted = [...progress.values()].filter(isComplete).length
  const streak = streakOf(yield* ledger.activeMonths(userId), monthOfInstant(now))
  const figures: CollectorFigures = {
    pieces: yield* facts.measure(userId, "pieces", always, now),
    collectionsCompleted,
    legendary: yield* facts.measure(userId, "legendary", always, now),
    purchases: yield* facts.measure(userId, "purchases", always, now),
    planMonths: yield* facts.measure(userId, "plan_months", always, now),
    follows: yield* facts.measure(userId, "follows", always, now),
    trades: yield* facts.measure(userId, "trades", always, now),
    streak,
  }
  for (const achievement of reachedOverview(figures))
    yield* achieve(achievement.code, "", achievement.name, achievement.xp)
  // Badges carry a date, not points (spec 001 §3 Badge has no reward).
  for (const badge of reachedBadges(figures))
    yield* ledger.unlock(userId, `${BADGE_PREFIX}${badge.code}`, "", now)

  const totals = yield* ledger.totals(userId)
  yield* ledger.saveStats({
    ...totals,
    userId,
    level: levelOf(totals.score),
    streak,
    collectionsCompleted,
    updatedAt: now,
  })
})
