import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { Kysely, type KyselyConfig, PostgresDialect } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import pg from "pg"
import { CHANNEL, listenOnPostgres } from "./listen"
import { preparingClient } from "./preparedStatements"
import type { Database } from "./schema"

export type DatabaseTarget =
  /** `snapshot`: a dump (PGlite's dumpDataDir) the database starts from, e.g. one already migrated. */
  { kind: "pglite"; dataDir: string | null; snapshot?: Blob } | { kind: "postgres"; url: string }

const INT8 = 20
const DATE = 1082

// Both drivers must hand back the same shapes: int8 as a number (counts never approach 2^53 here)
// and `date` as its ISO string, since a business date has no time zone to convert.
const parsers = { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v }

export interface DatabaseHandle {
  readonly db: Kysely<Database>
  readonly kind: DatabaseTarget["kind"]
  /**
   * Calls `onNotify` on every NOTIFY on the channel (delivered when the notifying transaction commits);
   * answers a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>
  /** What the connection pool is doing now; PostgreSQL only. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number }
  /** The embedded database's files as one compressed dump (a `snapshot` to start another from); PGlite only. */
  dump?(): Promise<Blob>
  close(): Promise<void>
}

/** Told of every query's duration and, when it failed, its error (never the SQL or its parameters). */
export type QueryObserver = (durationMs: number, error?: unknown) => void

/** Kysely's query log, reduced to what the observer may see. */
const observing = (observer: QueryObserver | undefined): KyselyConfig["log"] =>
  observer &&
  ((event) => {
    if (event.level === "error") observer(event.queryDurationMillis, event.error)
    else observer(event.queryDurationMillis)
  })

export function connectDatabase(
  target: DatabaseTarget,
  options: { poolSize?: number; onIdleError?: (error: Error) => void; onQuery?: QueryObserver } = {},
): DatabaseHandle {
  const log = observing(options.onQuery)
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? 10,
      types: { getTypeParser: (oid, format) => parsers[oid as 20] ?? pg.types.getTypeParser(oid, format) },
    })
    // An idle connection the server drops (restart, failover, admin) emits an error that would otherwise
    // crash the process; the pool replaces it on the next query.
    pool.on("error", (error) => options.onIdleError?.(error))
    // pg-pool listens for errors only while a client is idle; one killed while checked out between two
    // queries (an open transaction, say) would emit an unhandled error and end the process. Its next query
    // fails instead, and the pool discards it on release.
    pool.on("connect", (client) => client.on("error", (error) => options.onIdleError?.(error)))
    const preparing = { connect: async () => preparingClient(await pool.connect()), end: () => pool.end() }
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparing }),
      ...(log ? { log } : {}),
    })
    return {
      db,
      kind: "postgres",
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      listen: (channel, onNotify) => listenOnPostgres(target.url, channel, onNotify, options.onIdleError),
      close: () => db.destroy(),
    }
  }
  const release = target.dataDir ? lockDataDir(target.dataDir) : () => {}
  const client = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
    parsers,
  })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), ...(log ? { log } : {}) })
  return {
    db,
    kind: "pglite",
    listen: async (channel, onNotify) => {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name: ${channel}`)
      const unlisten = await client.listen(channel, () => onNotify())
      return () => unlisten()
    },
    dump: () => client.dumpDataDir("gzip"),
    close: () => db.destroy().finally(release),
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * PGlite is a single-process database: a second server on the same folder would corrupt it. The lock file
 * holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, "store.lock")
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx")
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      const owner = Number(readFileSync(path, "utf8"))
      if (owner && owner !== process.pid && isRunning(owner))
        throw new Error(
          `O diretório de dados ${dataDir} já está em uso pelo processo ${owner}. Use outro DATA_DIR.`,
        )
      rmSync(path, { force: true })
    }
  }
  throw new Error(`Não foi possível travar o diretório de dados ${dataDir}`)
}
