import { Context, type Effect } from "effect"

/** The only source of "now" for use cases, so reveals, countdowns and ship dates are testable. */
export class Clock extends Context.Service<
  Clock,
  {
    /** Epoch milliseconds. */
    now(): Effect.Effect<number>
  }
>()("store/application/Clock") {}
