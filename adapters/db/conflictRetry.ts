import { Cause, Effect, Result } from "effect"

/**
 * SQLSTATEs of a transaction PostgreSQL aborted so that a concurrent one could go on (deadlock_detected,
 * serialization_failure): nothing of it was kept, and running it again from the start normally succeeds.
 */
const CONFLICTS = new Set(["40P01", "40001"])

export const isTransactionConflict = (defect: unknown): boolean =>
  typeof defect === "object" &&
  defect !== null &&
  "code" in defect &&
  typeof defect.code === "string" &&
  CONFLICTS.has(defect.code)

export interface ConflictRetry {
  /** Runs in all, the first included. */
  readonly attempts: number
  /** The pause before run `attempt + 1`, so the transactions that collided do not collide again in step. */
  readonly delayMs: (attempt: number) => number
}

/** Four runs, about 10, 20 and 40 ms apart, each pause jittered by half either way. */
export const CONFLICT_RETRY: ConflictRetry = {
  attempts: 4,
  delayMs: (attempt) => 5 * 2 ** attempt * (0.5 + Math.random()),
}

/**
 * Runs a whole transaction again when PostgreSQL aborted it as a deadlock or serialization failure, a bounded
 * number of times; any other outcome (success, a typed failure, another defect, the last conflict) is its own.
 * `transaction` must begin and end the transaction itself and touch nothing outside the database: it is run
 * again from the start.
 */
export const retryConflicts = <A, E, R>(
  transaction: Effect.Effect<A, E, R>,
  policy: ConflictRetry = CONFLICT_RETRY,
): Effect.Effect<A, E, R> => {
  const run = (attempt: number): Effect.Effect<A, E, R> =>
    Effect.catchCause(transaction, (cause) => {
      const defect = Cause.findDefect(cause)
      if (attempt >= policy.attempts || !Result.isSuccess(defect) || !isTransactionConflict(defect.success))
        return Effect.failCause(cause)
      return Effect.logWarning("transaction aborted by a conflict, run again").pipe(
        Effect.annotateLogs({ sqlstate: (defect.success as { code: string }).code, attempt }),
        Effect.andThen(Effect.sleep(policy.delayMs(attempt))),
        Effect.andThen(run(attempt + 1)),
      )
    })
  return run(1)
}
