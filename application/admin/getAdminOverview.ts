import { Effect } from "effect"
import { saoPauloMidnightUtcMs, toSaoPauloCivil } from "../../domain/calendar"
import { AdminStats } from "../ports/AdminStats"
import { Clock } from "../ports/Clock"
import { requireStaff } from "./staff"

/** Figures of the admin dashboard, this month's counted from the 1st in São Paulo; staff only. */
export const getAdminOverview = Effect.fn("Admin.getAdminOverview")(function* () {
  yield* requireStaff("access_admin")
  const now = yield* (yield* Clock).now()
  const monthStart = saoPauloMidnightUtcMs({ ...toSaoPauloCivil(now), day: 1 })
  return yield* (yield* AdminStats).overview({ monthStart, now })
})
