import { Effect, Layer } from "effect"
import { Clock } from "../../application/ports/Clock"

export const SystemClockLayer = Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => Date.now()) }))

/** A clock pinned to one instant, for demos and end-to-end tests that need a stable calendar. */
export const FixedClockLayer = (epochMs: number) =>
  Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(epochMs) }))
