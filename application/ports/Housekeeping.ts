import { Context, type Effect } from "effect"

/**
 * Removes rows whose time has passed: expired verification tokens, old rate-limit and sign-in counters, webhook
 * receipts past their retention.
 */
export class Housekeeping extends Context.Service<
  Housekeeping,
  {
    /** Answers how many rows of each kind went. */
    purgeExpired(now: number): Effect.Effect<Readonly<Record<string, number>>>
  }
>()("store/application/Housekeeping") {}
