/**
 * Web vitals of a page view, their good/poor thresholds and the store's performance score (spec 000 §9 and
 * 002 §9). Times in milliseconds; CLS has no unit.
 */
export const METRIC_NAMES = ["FCP", "LCP", "FID", "INP", "CLS", "TTFB"] as const
export type MetricName = (typeof METRIC_NAMES)[number]

export interface PageMetrics {
  readonly FCP?: number
  readonly LCP?: number
  /** First input delay: the wait before the page began handling the first tap or key. */
  readonly FID?: number
  readonly INP?: number
  readonly CLS?: number
  readonly TTFB?: number
  /** Navigation start to the end of the load event. */
  readonly load?: number
}

export type Rating = "good" | "needs-improvement" | "poor"

/** Good up to the first value, poor above the second (spec 000 §9); INP as web.dev rates it (200/500 ms). */
export const THRESHOLDS: Readonly<Record<MetricName, readonly [good: number, poor: number]>> = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  FID: [100, 300],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
}

export function rate(name: MetricName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name]
  if (value <= good) return "good"
  return value <= poor ? "needs-improvement" : "poor"
}

export interface Deduction {
  readonly metric: "LCP" | "CLS" | "input delay" | "load"
  readonly points: number
}

/** Above the first limit the lower deduction applies, above the second the higher one (spec 002 §9). */
const DEDUCTIONS: readonly {
  metric: Deduction["metric"]
  value: (m: PageMetrics) => number | undefined
  limits: readonly [number, number]
  points: readonly [number, number]
}[] = [
  { metric: "LCP", value: (m) => m.LCP, limits: [2000, 2500], points: [10, 20] },
  { metric: "CLS", value: (m) => m.CLS, limits: [0.05, 0.1], points: [15, 25] },
  { metric: "input delay", value: (m) => m.FID, limits: [50, 100], points: [10, 20] },
  { metric: "load", value: (m) => m.load, limits: [2000, 3000], points: [10, 20] },
]

export const INP_RECOMMENDATION_MS = 300
export const INP_RECOMMENDATION =
  "A página demora a responder às interações (INP acima de 300 ms): divida tarefas longas de JavaScript."

export interface PerformanceScore {
  /** 100 minus the deductions, never below 0. */
  readonly score: number
  readonly deductions: readonly Deduction[]
  readonly recommendations: readonly string[]
}

/** The performance score of spec 002 §9: starts at 100; a metric not measured deducts nothing. */
export function performanceScore(metrics: PageMetrics): PerformanceScore {
  const deductions: Deduction[] = []
  for (const rule of DEDUCTIONS) {
    const value = rule.value(metrics)
    if (value === undefined || !Number.isFinite(value)) continue
    if (value > rule.limits[1]) deductions.push({ metric: rule.metric, points: rule.points[1] })
    else if (value > rule.limits[0]) deductions.push({ metric: rule.metric, points: rule.points[0] })
  }
  const lost = deductions.reduce((sum, d) => sum + d.points, 0)
  const recommendations =
    metrics.INP !== undefined && metrics.INP > INP_RECOMMENDATION_MS ? [INP_RECOMMENDATION] : []
  return { score: Math.max(0, 100 - lost), deductions, recommendations }
}
