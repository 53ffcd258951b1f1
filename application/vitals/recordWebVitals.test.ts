import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { strictFake } from "../../tests/fakes/strict"
import { Clock } from "../ports/Clock"
import { WebVitalsLog, type WebVitalsRecord } from "../ports/WebVitalsLog"
import { recordWebVitals } from "./recordWebVitals"

describe("recordWebVitals", () => {
  it("keeps the report with the store's own score and the clock's time", async () => {
    const kept: WebVitalsRecord[] = []
    const layer = Layer.mergeAll(
      Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(1_795_000_000_000) })),
      Layer.succeed(
        WebVitalsLog,
        strictFake<WebVitalsLog["Service"]>("WebVitalsLog", {
          record: (entry) => Effect.sync(() => void kept.push(entry)),
        }),
      ),
    )
    const score = await Effect.runPromise(
      recordWebVitals({
        metrics: { LCP: 2600, CLS: 0.02, FID: 10 },
        path: "/colecoes",
        userAgent: "UA",
      }).pipe(Effect.provide(layer)),
    )
    expect(score).toBe(80)
    expect(kept).toEqual([
      {
        recordedAt: 1_795_000_000_000,
        path: "/colecoes",
        metrics: { LCP: 2600, CLS: 0.02, FID: 10 },
        score: 80,
        userAgent: "UA",
      },
    ])
  })
})
