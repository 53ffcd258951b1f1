import { describe, expect, it } from "vitest"
import type { WaitlistEntry } from "./waitlist"
import {
  claim,
  endLapsed,
  heldDelta,
  joinRefusal,
  latestPerEdition,
  leave,
  offerDeadlineLabel,
  offerFreed,
  viewerPlace,
  WAITLIST_MESSAGES,
  type WaitlistLine,
} from "./waitlistLine"

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
const line = (entries: WaitlistEntry[], available = 0): WaitlistLine => ({ size: 10, available, entries })

describe("waitlist line", () => {
  const waiting = [entry("c", T0 + 3), entry("a", T0 + 1), entry("b", T0 + 2)]

  it("lets a collector join only a numbered edition sold out to the public, once", () => {
    expect(joinRefusal({ size: null, available: 0, entries: [] }, "u-x")).toBe(WAITLIST_MESSAGES.notNumbered)
    expect(joinRefusal(line([], 1), "u-x")).toBe(WAITLIST_MESSAGES.notSoldOut)
    expect(joinRefusal(line(waiting), "u-a")).toBe(WAITLIST_MESSAGES.alreadyIn)
    expect(joinRefusal(line(waiting), "u-x")).toBeNull()
  })

  it("offers freed units to the first in line for the purchase window, never more than were freed", () => {
    const made = offerFreed(line(waiting, 2), 2, T0 + 10, 48)
    expect(made.value).toEqual([
      { entryId: "a", userId: "u-a", offerExpiresAt: T0 + 10 + 48 * HOUR },
      { entryId: "b", userId: "u-b", offerExpiresAt: T0 + 10 + 48 * HOUR },
    ])
    expect(heldDelta(waiting, made.changes)).toBe(2)
    expect(offerFreed(line(waiting, 0), 2, T0, 48).value).toEqual([])
    expect(offerFreed(line([], 3), 3, T0, 48).changes).toEqual([])
  })

  it("passes over a collector who came to hold the edition another way: they leave, the next is offered", () => {
    const made = offerFreed(line(waiting, 1), 1, T0 + 10, 48, new Set(["u-a"]))
    expect(made.value).toEqual([{ entryId: "b", userId: "u-b", offerExpiresAt: T0 + 10 + 48 * HOUR }])
    expect(made.changes).toEqual([
      { id: "a", status: "left" },
      { id: "b", status: "offered", offerExpiresAt: T0 + 10 + 48 * HOUR },
    ])
    expect(heldDelta(waiting, made.changes)).toBe(1)
    // A lapsed offer's unit too.
    const offered = [
      entry("a", T0 + 1, { status: "offered", offerExpiresAt: T0 + 5 }),
      entry("b", T0 + 2),
      entry("c", T0 + 3),
    ]
    expect(endLapsed(line(offered), T0 + 10, 48, new Set(["u-b"])).value.map((o) => o.userId)).toEqual([
      "u-c",
    ])
  })

  it("ends lapsed offers on a fixed clock and hands each unit to the next one waiting", () => {
    const held = [
      entry("a", T0 + 1, { status: "offered", offerExpiresAt: T0 + 48 * HOUR }),
      entry("b", T0 + 2, { status: "offered", offerExpiresAt: T0 + 50 * HOUR }),
      entry("c", T0 + 3),
    ]
    expect(endLapsed(line(held), T0 + 48 * HOUR - 1, 48).changes).toEqual([])
    const ended = endLapsed(line(held), T0 + 48 * HOUR, 48)
    expect(ended.changes).toEqual([
      { id: "a", status: "expired" },
      { id: "c", status: "offered", offerExpiresAt: T0 + 96 * HOUR },
    ])
    expect(heldDelta(held, ended.changes)).toBe(0)
    // Nobody left waiting: the unit goes back to the public.
    const alone = endLapsed(line(held.slice(0, 2)), T0 + 48 * HOUR, 48)
    expect(heldDelta(held, alone.changes)).toBe(-1)
  })

  it("passes a leaving holder's unit on, and lets only the holder claim it within the window", () => {
    const held = [entry("a", T0 + 1, { status: "offered", offerExpiresAt: T0 + HOUR }), entry("b", T0 + 2)]
    expect(leave(line(held), "u-a", T0, 48).value).toEqual([
      { entryId: "b", userId: "u-b", offerExpiresAt: T0 + 48 * HOUR },
    ])
    expect(leave(line(held), "u-b", T0, 48)).toEqual({ value: [], changes: [{ id: "b", status: "left" }] })
    expect(leave(line(held), "u-x", T0, 48).value).toBeNull()
    expect(claim(line(held), "u-b", T0, "o1").value).toBe(false)
    expect(claim(line(held), "u-a", T0 + HOUR, "o1").value).toBe(false)
    const claimed = claim(line(held), "u-a", T0, "o1")
    expect(claimed.changes).toEqual([{ id: "a", status: "purchased", orderId: "o1" }])
    expect(heldDelta(held, claimed.changes)).toBe(-1)
  })

  it("tells a viewer their place or their offer, and the deadline on São Paulo's clock", () => {
    const held = [
      entry("a", T0 + 1, { status: "offered", offerExpiresAt: T0 + HOUR }),
      ...waiting.slice(0, 1),
    ]
    held.push(entry("b", T0 + 2))
    expect(viewerPlace(line(held), "u-a", T0)).toEqual({ status: "offered", offerExpiresAt: T0 + HOUR })
    expect(viewerPlace(line(held), "u-c", T0)).toEqual({ status: "waiting", position: 2 })
    expect(viewerPlace(line(held), "u-a", T0 + HOUR)).toEqual({ status: "none" })
    expect(viewerPlace(line(held), null, T0)).toEqual({ status: "none" })
    expect(offerDeadlineLabel(Date.parse("2026-12-03T17:30:00Z"))).toBe("03/12/2026 às 14:30")
  })

  it("lists a collector's latest entry in each edition once, newest first", () => {
    const left = { productId: "p-1", joinedAt: T0, status: "left" }
    const again = { productId: "p-1", joinedAt: T0 + 2 * HOUR, status: "waiting" }
    const other = { productId: "p-2", joinedAt: T0 + HOUR, status: "purchased" }
    expect(latestPerEdition([left, other, again])).toEqual([again, other])
    expect(latestPerEdition([again, left])).toEqual([again])
    expect(latestPerEdition([])).toEqual([])
  })
})
