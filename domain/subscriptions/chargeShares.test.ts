import { describe, expect, it } from "vitest"
import { monthShares } from "./chargeShares"

describe("a month's share of a charge", () => {
  it("splits evenly when the centavos divide", () => {
    expect([...monthShares(49980, ["2026-11", "2026-12"])]).toEqual([
      ["2026-11", 24990],
      ["2026-12", 24990],
    ])
  })

  it("rounds each share down and puts the centavos left on the first month", () => {
    expect([...monthShares(49990, ["2026-11", "2026-12"])]).toEqual([
      ["2026-11", 24995],
      ["2026-12", 24995],
    ])
    expect([...monthShares(49991, ["2026-11", "2026-12"])]).toEqual([
      ["2026-11", 24996],
      ["2026-12", 24995],
    ])
    const three = monthShares(100, ["2027-01", "2027-02", "2027-03"])
    expect([...three.values()]).toEqual([34, 33, 33])
  })

  it("gives a one-month charge all of it, and nothing for no month", () => {
    expect([...monthShares(29990, ["2026-11"])]).toEqual([["2026-11", 29990]])
    expect(monthShares(29990, []).size).toBe(0)
  })
})
