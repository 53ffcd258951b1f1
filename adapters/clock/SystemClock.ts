import { Effect, Layer } from "effect"
import { Clock } from "../../application/ports/Clock"

export const SystemClockLayer = Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => Date.now()) }))

/** A clock pinned to one instant, for demos and end-to-end tests that need a stable calendar. */
export const FixedClockLayer = (epochMs: number) =>
  Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(epochMs) }))

/**
 * A clock that starts at `startMs` when the process starts and then runs in real time: end-to-end tests and
 * demos live a chosen day (a reveal day) with timers, countdowns and scheduled jobs behaving as they do.
 */
export function offsetClock(startMs: number, realNow: () => number = Date.now): () => number {
  const offset = startMs - realNow()
  return () => realNow() + offset
}

export const ClockLayerOf = (now: () => number) =>
  Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(now) }))
