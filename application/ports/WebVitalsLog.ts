import { Context, type Effect } from "effect"
import type { PageMetrics } from "../../domain/webVitals"

/** One page view's web vitals as the store keeps them (spec 002 §9), for the admin reports. */
export interface WebVitalsRecord {
  readonly recordedAt: number
  /** The page's path only: query strings may carry tokens (a reset link's, say). */
  readonly path: string
  readonly metrics: PageMetrics
  /** Computed by the server from the metrics; the browser's own figure is not trusted. */
  readonly score: number
  readonly userAgent: string | null
}

export class WebVitalsLog extends Context.Service<
  WebVitalsLog,
  {
    record(entry: WebVitalsRecord): Effect.Effect<void>
  }
>()("store/application/WebVitalsLog") {}
