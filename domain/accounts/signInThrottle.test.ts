import { describe, expect, it } from "vitest"
import {
  isThrottled,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_PAIR,
  progressiveDelayMs,
} from "./signInThrottle"

describe("sign-in throttle rules", () => {
  it("blocks a pair at its limit, and an address at its own", () => {
    expect(isThrottled({ pair: MAX_FAILURES_PER_PAIR - 1, address: MAX_FAILURES_PER_PAIR - 1 })).toBe(false)
    expect(isThrottled({ pair: MAX_FAILURES_PER_PAIR, address: MAX_FAILURES_PER_PAIR })).toBe(true)
    expect(isThrottled({ pair: 0, address: MAX_FAILURES_PER_ADDRESS })).toBe(true)
  })

  it("slows an account's attempts progressively, capped at 8 s", () => {
    expect([0, 3, 4, 5, 6, 8, 10, 50].map(progressiveDelayMs)).toEqual([
      0, 0, 250, 500, 1000, 4000, 8000, 8000,
    ])
  })
})
