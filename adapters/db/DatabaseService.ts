import { Context, Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { connectDatabase, type DatabaseHandle, type DatabaseTarget, type QueryObserver } from "./connect"
import { migrateToLatest } from "./migrate"
import type { Database } from "./schema"

/** The application's one Kysely instance; every Postgres adapter (and later the auth library) shares it. */
export class Db extends Context.Service<
  Db,
  {
    readonly db: Kysely<Database>
    readonly kind: DatabaseTarget["kind"]
    readonly listen: DatabaseHandle["listen"]
    readonly poolUse?: DatabaseHandle["poolUse"]
  }
>()("store/adapters/Db") {
  /** Connects, migrates to the latest schema, and closes the connection when the runtime is disposed. */
  static readonly layer = (
    target: DatabaseTarget,
    options: { poolSize?: number; migrate?: boolean; onQuery?: QueryObserver } = {},
  ) =>
    Layer.effect(
      Db,
      Effect.acquireRelease(
        Effect.promise(async () => {
          // Start-up (opening the database, migrating) is not the store's traffic: observed once it serves.
          const observer = options.onQuery
          let serving = false
          const handle = connectDatabase(target, {
            ...options,
            ...(observer ? { onQuery: (ms: number, error?: unknown) => serving && observer(ms, error) } : {}),
          })
          if (options.migrate !== false) await migrateToLatest(handle.db)
          serving = true
          return handle
        }),
        (handle) => Effect.promise(() => handle.close()),
      ).pipe(Effect.map(dbOf)),
    )

  static readonly fromHandle = (handle: DatabaseHandle) => Layer.succeed(Db, dbOf(handle))
}

const dbOf = (handle: DatabaseHandle) =>
  Db.of({ db: handle.db, kind: handle.kind, listen: handle.listen, poolUse: handle.poolUse })

/** Runs a query as an Effect; a driver failure is a defect, since use cases cannot recover from it. */
export const query = <A>(run: () => Promise<A>): Effect.Effect<A> => Effect.promise(run)
