import { Effect } from "effect"
import { type PageMetrics, performanceScore } from "../../domain/webVitals"
import { Clock } from "../ports/Clock"
import { WebVitalsLog } from "../ports/WebVitalsLog"

export interface WebVitalsReport {
  readonly metrics: PageMetrics
  readonly path: string
  readonly userAgent: string | null
}

/** Keeps a browser's report of a page view, scored by the store's own rule. Answers the score. */
export const recordWebVitals = Effect.fn("Vitals.recordWebVitals")(function* (report: WebVitalsReport) {
  const clock = yield* Clock
  const log = yield* WebVitalsLog
  const { score } = performanceScore(report.metrics)
  yield* log.record({
    recordedAt: yield* clock.now(),
    path: report.path,
    metrics: report.metrics,
    score,
    userAgent: report.userAgent,
  })
  return score
})
