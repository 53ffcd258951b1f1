import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { afterFailure, DEFAULT_RETRY_POLICY, nominalDelay, type RetryPolicy } from "./retryPolicy"

const policy: RetryPolicy = { baseDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 5 }

describe("retry policy", () => {
  it("doubles the nominal delay each failure, up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => nominalDelay(policy, n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000,
    ])
    expect(nominalDelay(policy, 5000)).toBe(60_000)
  })

  it("waits between half and all of the nominal delay, by the jitter given", () => {
    expect(afterFailure(policy, 3, 0)).toEqual({ kind: "retry", delayMs: 2000 })
    expect(afterFailure(policy, 3, 0.5)).toEqual({ kind: "retry", delayMs: 3000 })
    expect(afterFailure(policy, 3, 0.999999)).toEqual({ kind: "retry", delayMs: 4000 })
  })

  it("parks at the attempt limit", () => {
    expect(afterFailure(policy, 4, 0.3).kind).toBe("retry")
    expect(afterFailure(policy, 5, 0.3)).toEqual({ kind: "park" })
    expect(afterFailure(policy, 9, 0.3)).toEqual({ kind: "park" })
  })

  it("the default schedule spans hours before parking", () => {
    let total = 0
    for (let n = 1; n < DEFAULT_RETRY_POLICY.maxAttempts; n++) total += nominalDelay(DEFAULT_RETRY_POLICY, n)
    expect(total).toBeGreaterThan(2 * 60 * 60_000)
    expect(afterFailure(DEFAULT_RETRY_POLICY, DEFAULT_RETRY_POLICY.maxAttempts, 0).kind).toBe("park")
  })

  it("never retries sooner than half, nor later than all, of the nominal delay", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.double({ min: -1, max: 2, noNaN: true }), (n, r) => {
        const decision = afterFailure(policy, n, r)
        if (decision.kind !== "retry") return false
        const nominal = nominalDelay(policy, n)
        return decision.delayMs >= nominal / 2 && decision.delayMs <= nominal
      }),
    )
  })
})
