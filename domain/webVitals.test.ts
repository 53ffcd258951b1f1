import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { INP_RECOMMENDATION, performanceScore, rate } from "./webVitals"

describe("rate", () => {
  it.each([
    ["FCP", 1800, "good"],
    ["FCP", 1801, "needs-improvement"],
    ["FCP", 3001, "poor"],
    ["LCP", 2500, "good"],
    ["LCP", 4000, "needs-improvement"],
    ["LCP", 4001, "poor"],
    ["FID", 100, "good"],
    ["FID", 300, "needs-improvement"],
    ["FID", 301, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.25, "needs-improvement"],
    ["CLS", 0.26, "poor"],
    ["TTFB", 800, "good"],
    ["TTFB", 1800, "needs-improvement"],
    ["TTFB", 1801, "poor"],
    ["INP", 200, "good"],
    ["INP", 501, "poor"],
  ] as const)("%s %d is %s", (name, value, rating) => expect(rate(name, value)).toBe(rating))
})

describe("performanceScore", () => {
  it("is 100 for a fast page, and for a page nothing was measured on", () => {
    expect(performanceScore({ LCP: 1200, CLS: 0.01, FID: 20, load: 1500 })).toEqual({
      score: 100,
      deductions: [],
      recommendations: [],
    })
    expect(performanceScore({}).score).toBe(100)
  })

  it.each([
    [{ LCP: 2000 }, 100],
    [{ LCP: 2001 }, 90],
    [{ LCP: 2500 }, 90],
    [{ LCP: 2501 }, 80],
    [{ CLS: 0.05 }, 100],
    [{ CLS: 0.06 }, 85],
    [{ CLS: 0.11 }, 75],
    [{ FID: 51 }, 90],
    [{ FID: 101 }, 80],
    [{ load: 2001 }, 90],
    [{ load: 3001 }, 80],
  ])("deducts per the spec: %o → %d", (metrics, score) => expect(performanceScore(metrics).score).toBe(score))

  it("adds the deductions up, and names them", () => {
    const result = performanceScore({ LCP: 5000, CLS: 0.3, FID: 400, load: 9000 })
    expect(result.score).toBe(100 - 20 - 25 - 20 - 20)
    expect(result.deductions.map((d) => d.metric)).toEqual(["LCP", "CLS", "input delay", "load"])
  })

  it("recommends work on interactions when INP is above 300 ms, without deducting", () => {
    expect(performanceScore({ INP: 300 }).recommendations).toEqual([])
    expect(performanceScore({ INP: 301 })).toEqual({
      score: 100,
      deductions: [],
      recommendations: [INP_RECOMMENDATION],
    })
  })

  it("stays between 0 and 100 whatever is measured", () => {
    const value = fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined })
    fc.assert(
      fc.property(fc.record({ LCP: value, CLS: value, FID: value, load: value, INP: value }), (m) => {
        const { score } = performanceScore(m)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
      }),
    )
  })
})
