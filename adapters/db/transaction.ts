import { Context, Effect, Exit, Layer } from "effect"
import type { Kysely } from "kysely"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { retryConflicts } from "./conflictRetry"
import { Db } from "./DatabaseService"
import type { Database } from "./schema"

/** The transaction of the `atomically` block the current fiber runs in, if any. */
export const CurrentTransaction = Context.Reference<Kysely<Database> | null>(
  "store/adapters/CurrentTransaction",
  {
    defaultValue: () => null,
  },
)

/** What waits for the current `atomically` block to commit (see `afterCommit`); null outside one. */
const CommitHooks = Context.Reference<Array<() => void> | null>("store/adapters/CommitHooks", {
  defaultValue: () => null,
})

/**
 * Runs `hook` once the ambient unit of work has committed (never if it rolls back; once however many times a
 * deadlock makes it run), or at once outside one. For bookkeeping that must not count what did not happen
 * (metrics): it cannot fail the work, and it runs after the transaction is over.
 */
export const afterCommit = (hook: () => void) =>
  Effect.flatMap(CommitHooks, (hooks) => Effect.sync(() => (hooks ? hooks.push(hook) : hook())))

/**
 * Runs a query on the ambient transaction when there is one, else on the pool. Every adapter whose writes may
 * take part in a unit of work queries through this; on PGlite (one connection) a query that bypassed the
 * open transaction would wait for it forever.
 */
export const withExecutor = <A>(db: Kysely<Database>, run: (executor: Kysely<Database>) => Promise<A>) =>
  Effect.flatMap(CurrentTransaction, (trx) => Effect.promise(() => run(trx ?? db)))

/**
 * Runs `body` in the ambient transaction, or in a transaction of its own when there is none: for adapters
 * whose change must be atomic by itself (the cart) and also able to join a larger unit of work. A transaction of
 * its own that PostgreSQL aborts as a deadlock runs again (an ambient one is retried whole by its owner).
 */
export const inTransaction = <A>(db: Kysely<Database>, body: (trx: Kysely<Database>) => Promise<A>) =>
  Effect.flatMap(CurrentTransaction, (trx) =>
    trx
      ? Effect.promise(() => body(trx))
      : retryConflicts(Effect.promise(() => db.transaction().execute(body))),
  )

export const UnitOfWorkLayer = Layer.effect(
  UnitOfWork,
  Effect.gen(function* () {
    const { db } = yield* Db
    return UnitOfWork.of({
      atomically: (work) =>
        Effect.flatMap(CurrentTransaction, (outer) =>
          outer
            ? work
            : // The whole unit of work runs again after a deadlock: it holds nothing but database changes.
              retryConflicts(
                Effect.acquireUseRelease(
                  Effect.promise(async () => ({
                    trx: await db.startTransaction().execute(),
                    hooks: [] as (() => void)[],
                  })),
                  ({ trx, hooks }) =>
                    work.pipe(
                      Effect.provideService(CurrentTransaction, trx),
                      Effect.provideService(CommitHooks, hooks),
                    ),
                  ({ trx, hooks }, exit) =>
                    Exit.isSuccess(exit)
                      ? Effect.promise(() => trx.commit().execute()).pipe(
                          Effect.andThen(Effect.sync(() => runHooks(hooks))),
                        )
                      : Effect.promise(() => trx.rollback().execute()),
                ),
              ),
        ),
    })
  }),
)

const runHooks = (hooks: readonly (() => void)[]) => {
  for (const hook of hooks) hook()
}
