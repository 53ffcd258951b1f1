import { mkdirSync } from "node:fs"
import { PGlite } from "@electric-sql/pglite"
import { Kysely, PostgresDialect } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import pg from "pg"
import type { Database } from "./schema"

export type DatabaseTarget = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string }

const INT8 = 20
const DATE = 1082

// Both drivers must hand back the same shapes: int8 as a number (counts never approach 2^53 here)
// and `date` as its ISO string, since a business date has no time zone to convert.
const parsers = { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v }

export interface DatabaseHandle {
  readonly db: Kysely<Database>
  readonly kind: DatabaseTarget["kind"]
  close(): Promise<void>
}

export function connectDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): DatabaseHandle {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? 10,
      types: { getTypeParser: (oid, format) => parsers[oid as 20] ?? pg.types.getTypeParser(oid, format) },
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: "postgres", close: () => db.destroy() }
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
  const client = new PGlite({ ...(target.dataDir ? { dataDir: target.dataDir } : {}), parsers })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) })
  return { db, kind: "pglite", close: () => db.destroy() }
}
