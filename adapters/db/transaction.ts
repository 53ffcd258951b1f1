import { Context, Effect, Exit, Layer } from "effect"
import type { Kysely } from "kysely"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { Db } from "./DatabaseService"
import type { Database } from "./schema"

/** The transaction of the `atomically` block the current fiber runs in, if any. */
export const CurrentTransaction = Context.Reference<Kysely<Database> | null>(
  "store/adapters/CurrentTransaction",
  {
    defaultValue: () => null,
  },
)

/**
 * Runs a query on the ambient transaction when there is one, else on the pool. Every adapter whose writes may
 * take part in a unit of work queries through this; on PGlite (one connection) a query that bypassed the
 * open transaction would wait for it forever.
 */
export const withExecutor = <A>(db: Kysely<Database>, run: (executor: Kysely<Database>) => Promise<A>) =>
  Effect.flatMap(CurrentTransaction, (trx) => Effect.promise(() => run(trx ?? db)))

/**
 * Runs `body` in the ambient transaction, or in a transaction of its own when there is none: for adapters
 * whose change must be atomic by itself (the cart) and also able to join a larger unit of work.
 */
export const inTransaction = <A>(db: Kysely<Database>, body: (trx: Kysely<Database>) => Promise<A>) =>
  Effect.flatMap(CurrentTransaction, (trx) =>
    Effect.promise(() => (trx ? body(trx) : db.transaction().execute(body))),
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
            : Effect.acquireUseRelease(
                Effect.promise(() => db.startTransaction().execute()),
                (trx) => Effect.provideService(work, CurrentTransaction, trx),
                (trx, exit) =>
                  Effect.promise(() => (Exit.isSuccess(exit) ? trx.commit() : trx.rollback()).execute()),
              ),
        ),
    })
  }),
)
