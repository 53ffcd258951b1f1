import { Effect, Layer } from "effect"
import { WebVitalsLog } from "../../application/ports/WebVitalsLog"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

export const PostgresWebVitalsLayer = Layer.effect(
  WebVitalsLog,
  Effect.gen(function* () {
    const { db } = yield* Db
    return WebVitalsLog.of({
      record: (entry) =>
        withExecutor(db, (executor) =>
          executor
            .insertInto("web_vitals")
            .values({
              recorded_at: new Date(entry.recordedAt),
              path: entry.path,
              fcp_ms: entry.metrics.FCP ?? null,
              lcp_ms: entry.metrics.LCP ?? null,
              fid_ms: entry.metrics.FID ?? null,
              inp_ms: entry.metrics.INP ?? null,
              cls: entry.metrics.CLS ?? null,
              ttfb_ms: entry.metrics.TTFB ?? null,
              load_ms: entry.metrics.load ?? null,
              score: entry.score,
              user_agent: entry.userAgent,
            })
            .execute(),
        ).pipe(Effect.asVoid),
    })
  }),
)
