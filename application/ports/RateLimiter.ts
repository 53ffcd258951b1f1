import { Context, type Effect } from "effect"

/** Counters shared by every instance of the store. */
export class RateLimiter extends Context.Service<
  RateLimiter,
  {
    /** Counts a hit on `key`; false once more than `max` hits fell in the current window. */
    hit(key: string, max: number, windowMs: number): Effect.Effect<boolean>
  }
>()("store/application/RateLimiter") {}
