import { Context, Effect, Layer } from "effect"
import { sql } from "kysely"
import { CatalogChanges } from "../../application/ports/CatalogChanges"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

/** The NOTIFY channel of catalogue changes; a notification is delivered when the changing transaction commits. */
export const CATALOG_CHANNEL = "catalog_changed"

export interface CatalogVersionService {
  /** Bumped on every catalogue change this instance hears of; whatever was built under another value is stale. */
  current(): number
  /** Marks everything kept so far stale (called on each notification). */
  bump(): void
}

/** An in-process counter of catalogue changes. */
export function catalogVersionCounter(): CatalogVersionService {
  let version = 0
  return {
    current: () => version,
    bump: () => {
      version++
    },
  }
}

/**
 * This instance's catalogue version, bumped by every `catalog_changed` notification (PostgreSQL and PGlite
 * alike, from this instance or another): the one invalidation hook of the catalogue cache
 * (CachedCatalog.ts) and of the anonymous pages' HTML cache (server/http/pageCache.ts).
 */
export class CatalogVersion extends Context.Service<CatalogVersion, CatalogVersionService>()(
  "store/adapters/CatalogVersion",
) {
  static readonly layer = Layer.effect(
    CatalogVersion,
    Effect.gen(function* () {
      const { listen } = yield* Db
      const version = catalogVersionCounter()
      yield* Effect.acquireRelease(
        Effect.promise(() => listen(CATALOG_CHANNEL, version.bump)),
        (unlisten) => Effect.promise(() => unlisten()),
      )
      return CatalogVersion.of(version)
    }),
  )
}

/** Announces a catalogue change with NOTIFY, in the ambient transaction when there is one. */
export const PostgresCatalogChangesLayer = Layer.effect(
  CatalogChanges,
  Effect.gen(function* () {
    const { db } = yield* Db
    return CatalogChanges.of({
      announce: () =>
        withExecutor(db, (executor) => sql`select pg_notify(${CATALOG_CHANNEL}, '')`.execute(executor)).pipe(
          Effect.asVoid,
        ),
    })
  }),
)
