import { describe, expect, it } from "vitest"
import { heldUnits, holdsOffer, lapsedOffers, nextInLine, placeInLine, type WaitlistEntry } from "./waitlist"

const HOUR = 3_600_000
const T0 = Date.parse("2026-12-01T12:00:00Z")
const entry = (id: string, joinedAt: number, over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id,
  userId: `u-${id}`,
  joinedAt,
  status: "waiting",
  offerExpiresAt: null,
  ...over,
})

describe("waitlist", () => {
  const line = [
    entry("c", T0 + 3),
    entry("a", T0 + 1),
    entry("b", T0 + 2),
    entry("d", T0 + 4, { status: "left" }),
  ]

  it("offers freed units to the first in line, one each", () => {
    expect(nextInLine(line, 2).map((e) => e.id)).toEqual(["a", "b"])
    expect(nextInLine(line, 10).map((e) => e.id)).toEqual(["a", "b", "c"])
    expect(nextInLine(line, 0)).toEqual([])
  })

  it("breaks a tie of instants by id, so two runs agree", () => {
    expect(nextInLine([entry("y", T0), entry("x", T0)], 1).map((e) => e.id)).toEqual(["x"])
  })

  it("never offers a second unit to a collector holding an offer", () => {
    const offered = [
      entry("a", T0 + 1, { status: "offered", offerExpiresAt: T0 + 48 * HOUR }),
      ...line.slice(0, 1),
    ]
    expect(nextInLine([...offered, entry("a2", T0 + 9, { userId: "u-a" })], 5).map((e) => e.id)).toEqual([
      "c",
    ])
  })

  it("lets an offer lapse at the end of its window, and holds units until then", () => {
    const offers = [
      entry("a", T0, { status: "offered", offerExpiresAt: T0 + 48 * HOUR }),
      entry("b", T0 + 1, { status: "offered", offerExpiresAt: T0 + 50 * HOUR }),
    ]
    expect(lapsedOffers(offers, T0 + 48 * HOUR - 1)).toEqual([])
    expect(lapsedOffers(offers, T0 + 48 * HOUR).map((e) => e.id)).toEqual(["a"])
    expect(heldUnits(offers, T0 + 49 * HOUR)).toBe(1)
    expect(holdsOffer(offers, "u-b", T0 + 49 * HOUR)).toBe(true)
    expect(holdsOffer(offers, "u-a", T0 + 49 * HOUR)).toBe(false)
  })

  it("tells a collector their place in line", () => {
    expect(placeInLine(line, "u-b")).toBe(2)
    expect(placeInLine(line, "u-d")).toBeNull()
  })
})
