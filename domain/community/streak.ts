import { type Month, shiftMonth } from "../subscriptions/coverage"

/**
 * Consecutive months with a purchase or a plan month, counted back from the current month, or from the previous
 * one while the current month has none yet (a streak is not lost on the 1st).
 */
export function streakOf(activeMonths: Iterable<Month>, current: Month): number {
  const active = new Set(activeMonths)
  let month = active.has(current) ? current : shiftMonth(current, -1)
  let streak = 0
  while (active.has(month)) {
    streak++
    month = shiftMonth(month, -1)
  }
  return streak
}
