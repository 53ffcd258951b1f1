import { Effect } from "effect"
import { CurrentTransaction } from "../db/transaction"

/**
 * Keeps the answers of reads in memory for `ttlMs`, keyed by the read's name and arguments. Concurrent misses
 * share one query. A new `version()` drops everything at once; a read begun before it is not kept after it.
 * A read inside a unit of work is not cached: it runs on that transaction, in its fiber, and sees what the
 * transaction has changed (an edition it just sold out); run apart, on the embedded database's one
 * connection, it would wait for that transaction forever.
 */
export function readCache(ttlMs: number, now: () => number, version: () => number) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>()
  let seenVersion = version()
  return <Args extends unknown[], A>(name: string, run: (...args: Args) => Effect.Effect<A>) => {
    const fromCache = (args: Args): Effect.Effect<A> =>
      Effect.suspend(() => {
        if (version() !== seenVersion) {
          seenVersion = version()
          entries.clear()
        }
        const key = `${seenVersion}:${name}:${JSON.stringify(args)}`
        const hit = entries.get(key)
        if (hit && hit.expires > now()) return Effect.promise(() => hit.value as Promise<A>)
        const value = Effect.runPromise(run(...args))
        entries.set(key, { expires: now() + ttlMs, value })
        value.catch(() => entries.delete(key))
        if (entries.size > 5_000) entries.clear()
        return Effect.promise(() => value)
      })
    return (...args: Args): Effect.Effect<A> =>
      Effect.flatMap(CurrentTransaction, (transaction) => (transaction ? run(...args) : fromCache(args)))
  }
}
