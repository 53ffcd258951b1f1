import { Effect } from "effect"
import type { Rarity } from "../../domain/catalog/rarity"
import {
  BADGE_PREFIX,
  BADGES,
  type CollectorFigures,
  missingFor,
  OVERVIEW_ACHIEVEMENTS,
} from "../../domain/community/achievements"
import { MISSIONS, missionState, periodOf } from "../../domain/community/missions"
import { COLLECTION_ACHIEVEMENTS, isComplete } from "../../domain/community/progress"
import { streakOf } from "../../domain/community/streak"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import { NotSignedIn } from "../errors"
import { Clock } from "../ports/Clock"
import { CollectorFacts } from "../ports/CollectorFacts"
import { CommunityLedger } from "../ports/CommunityLedger"
import { CurrentUser } from "../ports/CurrentUser"
import { MissionRedemptions } from "../ports/MissionRedemptions"

const always = { start: null, end: null }

/** Characters still needed for a collection achievement, given the collection's progress. */
const neededFor = (percent: number, owned: number, total: number) =>
  Math.max(0, (percent === 0 ? 1 : Math.ceil((percent * total) / 100)) - owned)

/**
 * The signed-in collector's missions page and achievements page: each mission with its progress counted now,
 * its expiry and whether its reward was taken this period; every achievement and badge, unlocked with its date
 * or locked with what is missing.
 */
export const getMyMissions = Effect.fn("Community.getMyMissions")(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  const userId = viewer.id
  const now = yield* (yield* Clock).now()
  const facts = yield* CollectorFacts
  const ledger = yield* CommunityLedger
  const redeemed = new Set(
    (yield* (yield* MissionRedemptions).list(userId)).map((r) => `${r.mission}|${r.period}`),
  )

  const missions = []
  for (const mission of MISSIONS) {
    const period = periodOf(mission.type, now)
    const current = yield* facts.measure(userId, mission.metric, period, now)
    missions.push({
      code: mission.code,
      name: mission.name,
      description: mission.description,
      type: mission.type,
      category: mission.category,
      current: Math.min(current, mission.target),
      target: mission.target,
      xpReward: mission.xpReward,
      coinReward: mission.coinReward,
      expiresAt: period.end,
      state: missionState(current, mission.target, redeemed.has(`${mission.code}|${period.key}`)),
    })
  }

  const unlocked = yield* facts.unlocked(userId)
  const unlockedAt = new Map(unlocked.map((u) => [`${u.code}|${u.scope}`, u.unlockedAt]))
  const progress = yield* ledger.progress(userId)
  const figures: CollectorFigures = {
    pieces: yield* facts.measure(userId, "pieces", always, now),
    collectionsCompleted: [...progress.values()].filter(isComplete).length,
    legendary: yield* facts.measure(userId, "legendary", always, now),
    purchases: yield* facts.measure(userId, "purchases", always, now),
    planMonths: yield* facts.measure(userId, "plan_months", always, now),
    follows: yield* facts.measure(userId, "follows", always, now),
    trades: yield* facts.measure(userId, "trades", always, now),
    streak: streakOf(yield* ledger.activeMonths(userId), monthOfInstant(now)),
  }

  const overview = OVERVIEW_ACHIEVEMENTS.map((a) => {
    const at = unlockedAt.get(`${a.code}|`) ?? null
    return {
      id: a.code,
      group: "Geral",
      name: a.name,
      description: a.description,
      rarity: a.rarity,
      xp: a.xp,
      unlockedAt: at,
      missing: at === null ? missingFor(a, figures) : null,
    }
  })
  const collectionCodes = new Set<string>(COLLECTION_ACHIEVEMENTS.map((a) => a.code))
  const collectionIds = [
    ...new Set([
      ...progress.keys(),
      ...unlocked.filter((u) => u.scope !== "" && collectionCodes.has(u.code)).map((u) => u.scope),
    ]),
  ]
  const names = yield* facts.collectionNames(collectionIds)
  const perCollection = collectionIds.flatMap((collectionId) => {
    const p = progress.get(collectionId) ?? { owned: 0, total: 0 }
    return COLLECTION_ACHIEVEMENTS.map((a) => {
      const at = unlockedAt.get(`${a.code}|${collectionId}`) ?? null
      const needed = neededFor(a.percent, p.owned, p.total)
      const rarity: Rarity =
        a.percent === 100 ? "legendary" : a.percent >= 50 ? "epic" : a.percent >= 25 ? "rare" : "common"
      return {
        id: `${a.code}:${collectionId}`,
        group: names.get(collectionId) ?? "Coleção",
        name: a.name,
        description: a.description,
        rarity,
        xp: a.xp,
        unlockedAt: at,
        missing:
          at !== null
            ? null
            : needed === 1
              ? "Falta 1 personagem desta coleção"
              : `Faltam ${needed} personagens desta coleção`,
      }
    })
  })

  const badges = BADGES.map((b) => {
    const at = unlockedAt.get(`${BADGE_PREFIX}${b.code}|`) ?? null
    return {
      code: b.code,
      name: b.name,
      description: b.description,
      rarity: b.rarity,
      unlockedAt: at,
      missing: at === null ? missingFor(b, figures) : null,
    }
  })
  const achievements = [...overview, ...perCollection]
  const { score, coins } = yield* facts.standing(userId)
  return {
    now,
    summary: {
      completedMissions: missions.filter((m) => m.state !== "in_progress").length,
      totalMissions: missions.length,
      achievements: achievements.filter((a) => a.unlockedAt !== null).length,
      totalAchievements: achievements.length,
      badges: badges.filter((b) => b.unlockedAt !== null).length,
      totalBadges: badges.length,
      totalXp: score,
      coins,
    },
    missions,
    achievements,
    badges,
  }
})
