import { Cause, Data, Effect, Exit, References } from "effect"
import { describe, expect, it } from "vitest"
import { type ConflictRetry, retryConflicts } from "./conflictRetry"

class Refused extends Data.TaggedError("Refused") {}

/** Runs the retried transaction without its warnings in the test's output. */
const quietly = <A, E>(transaction: Effect.Effect<A, E>, retry: ConflictRetry) =>
  retryConflicts(transaction, retry).pipe(Effect.provideService(References.MinimumLogLevel, "None"))

const policy: ConflictRetry = { attempts: 3, delayMs: () => 1 }
/** A driver error as pg (and PGlite) throw it: the SQLSTATE in `code`. */
const driverError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code })

/** A transaction that dies with each of `defects` in turn, then succeeds; `runs` counts its starts. */
const scripted = (defects: readonly unknown[]) => {
  const state = { runs: 0 }
  const transaction = Effect.suspend(() => {
    const defect = defects[state.runs++]
    return defect === undefined ? Effect.succeed("committed") : Effect.die(defect)
  })
  return { state, transaction }
}

describe("retryConflicts", () => {
  it.each(["40P01", "40001"])("runs a transaction aborted with %s again until it commits", async (code) => {
    const { state, transaction } = scripted([driverError(code), driverError(code)])
    expect(await Effect.runPromise(quietly(transaction, policy))).toBe("committed")
    expect(state.runs).toBe(3)
  })

  it("gives up after the bound, with the last conflict as the defect", async () => {
    const conflicts = [driverError("40P01"), driverError("40001"), driverError("40P01"), driverError("40P01")]
    const { state, transaction } = scripted(conflicts)
    const exit = await Effect.runPromiseExit(quietly(transaction, policy))
    expect(state.runs).toBe(3)
    expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBe(conflicts[2])
  })

  it("never runs again after another database error, a thrown error or a typed failure", async () => {
    for (const defect of [driverError("23505"), driverError("57014"), new Error("boom"), "40P01"]) {
      const { state, transaction } = scripted([defect])
      const exit = await Effect.runPromiseExit(quietly(transaction, policy))
      expect(state.runs).toBe(1)
      expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBe(defect)
    }
    let runs = 0
    const refusing = Effect.suspend(() => {
      runs++
      return Effect.fail(new Refused())
    })
    const exit = await Effect.runPromiseExit(quietly(refusing, policy))
    expect(runs).toBe(1)
    expect(Exit.isFailure(exit) && Cause.hasFails(exit.cause)).toBe(true)
  })

  it("pauses between runs as the policy says", async () => {
    const pauses: number[] = []
    const { transaction } = scripted([driverError("40P01"), driverError("40P01")])
    const timed: ConflictRetry = {
      attempts: 3,
      delayMs: (attempt) => {
        pauses.push(attempt)
        return attempt
      },
    }
    await Effect.runPromise(quietly(transaction, timed))
    expect(pauses).toEqual([1, 2])
  })
})
