import { Effect } from "effect"
import { isMissionComplete, missionByCode, missionReference, periodOf } from "../../domain/community/missions"
import { NotSignedIn } from "../errors"
import { Clock } from "../ports/Clock"
import { CollectorFacts } from "../ports/CollectorFacts"
import { CommunityLedger } from "../ports/CommunityLedger"
import { CurrentUser } from "../ports/CurrentUser"
import { MissionRedemptions } from "../ports/MissionRedemptions"
import { UnitOfWork } from "../ports/UnitOfWork"
import { MissionRefused } from "./errors"
import { refreshCollector } from "./refreshCollector"

/**
 * 'Resgatar Recompensa': the server re-checks completion from stored data and grants the mission's XP and coins
 * once per period. The redemption row is claimed first, so a concurrent call waits for this one and then finds
 * it taken; a mission not complete rolls the claim back.
 */
export const redeemMission = Effect.fn("Community.redeemMission")(function* (code: string) {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  const mission = missionByCode(code)
  if (!mission) return yield* new MissionRefused({ reason: "not_found" })
  const now = yield* (yield* Clock).now()
  const period = periodOf(mission.type, now)
  const facts = yield* CollectorFacts
  const redemptions = yield* MissionRedemptions
  const ledger = yield* CommunityLedger
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      if (!(yield* redemptions.claim(viewer.id, mission.code, period.key, now)))
        return yield* new MissionRefused({ reason: "already_redeemed" })
      const current = yield* facts.measure(viewer.id, mission.metric, period, now)
      if (!isMissionComplete(current, mission.target))
        return yield* new MissionRefused({ reason: "not_complete" })
      yield* ledger.record({
        userId: viewer.id,
        kind: "mission",
        reference: missionReference(mission, period.key),
        points: mission.xpReward,
        coins: mission.coinReward,
        description: `Missão concluída: ${mission.name}`,
        occurredAt: now,
      })
      yield* refreshCollector(viewer.id, now)
      return { mission: mission.code, period: period.key, xp: mission.xpReward, coins: mission.coinReward }
    }),
  )
})
