import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { dueCycle, monthOf, nextRenewalAt, retryDue } from "./billingCalendar"

const at = (year: number, month: number, day: number, hour = 10) =>
  saoPauloInstant({ year, month, day }, hour)

describe("sandbox billing calendar", () => {
  it("renews a monthly plan every month after the first charge's, from midnight of day 1 in São Paulo", () => {
    expect(dueCycle("2026-11", 1, at(2026, 11, 30))).toBeNull()
    expect(dueCycle("2026-11", 1, at(2026, 12, 1, 0))).toBe("2026-12")
    // 23:30 of Nov 30 in São Paulo is already Dec 1 in UTC: still November here.
    expect(dueCycle("2026-11", 1, at(2026, 11, 30, 23))).toBeNull()
    expect(dueCycle("2026-11", 1, at(2027, 1, 20))).toBe("2027-01")
    expect(monthOf(at(2026, 12, 1, 0))).toBe("2026-12")
  })

  it("renews a bimonthly plan every second month from its start", () => {
    expect(dueCycle("2026-11", 2, at(2026, 12, 1))).toBeNull()
    expect(dueCycle("2026-11", 2, at(2027, 1, 1))).toBe("2027-01")
    expect(dueCycle("2026-11", 2, at(2027, 2, 1))).toBeNull()
    expect(dueCycle("2026-11", 2, at(2027, 3, 1))).toBe("2027-03")
  })

  it("says when the next renewal falls", () => {
    expect(nextRenewalAt("2026-11", 1, at(2026, 11, 20))).toBe(
      saoPauloInstant({ year: 2026, month: 12, day: 1 }, 0),
    )
    expect(nextRenewalAt("2026-11", 2, at(2026, 11, 20))).toBe(
      saoPauloInstant({ year: 2027, month: 1, day: 1 }, 0),
    )
    expect(nextRenewalAt("2026-11", 2, at(2027, 1, 1))).toBe(
      saoPauloInstant({ year: 2027, month: 3, day: 1 }, 0),
    )
  })

  it("retries on day 3 then day 5 of the charge's month, once a day at most", () => {
    const refused = { cycleMonth: "2026-12", retryAttempt: 0, chargedAt: at(2026, 12, 1, 0) }
    expect(retryDue(refused, at(2026, 12, 2))).toBe(false)
    expect(retryDue(refused, at(2026, 12, 3, 0))).toBe(true)
    const once = { ...refused, retryAttempt: 1, chargedAt: at(2026, 12, 3, 0) }
    expect(retryDue(once, at(2026, 12, 4))).toBe(false)
    expect(retryDue(once, at(2026, 12, 5, 0))).toBe(true)
    expect(retryDue({ ...once, retryAttempt: 2, chargedAt: at(2026, 12, 5, 0) }, at(2026, 12, 9))).toBe(false)
    // A run that missed day 3 catches up, but not twice on one day, and never in another month.
    expect(retryDue(refused, at(2026, 12, 6))).toBe(true)
    expect(retryDue({ ...once, chargedAt: at(2026, 12, 6) }, at(2026, 12, 6, 20))).toBe(false)
    expect(retryDue(refused, at(2027, 1, 3))).toBe(false)
  })
})
