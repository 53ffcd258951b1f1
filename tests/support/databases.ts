import { createHash, randomBytes } from "node:crypto"
import { readFileSync, renameSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { connectDatabase, type DatabaseHandle, type DatabaseTarget } from "../../adapters/db/connect"
import { migrateToLatest } from "../../adapters/db/migrate"

export interface TestDatabase {
  readonly name: "pglite" | "postgresql"
  readonly target: DatabaseTarget
  open(): Promise<DatabaseHandle>
  dispose(): Promise<void>
}

async function startContainer(): Promise<string | null> {
  try {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql")
    const container = await new PostgreSqlContainer("postgres:16-alpine").start()
    process.once("exit", () => void container.stop())
    return container.getConnectionUri()
  } catch {
    return null
  }
}

let serverUrl: Promise<string | null> | undefined

/** TEST_DATABASE_URL first (CI and this machine), then a testcontainer, else null. */
export function postgresServerUrl(): Promise<string | null> {
  serverUrl ??= process.env.TEST_DATABASE_URL
    ? Promise.resolve(process.env.TEST_DATABASE_URL)
    : startContainer()
  return serverUrl
}

/** A fresh, empty database on the PostgreSQL server, dropped by `dispose`. */
export async function freshPostgres(url: string): Promise<TestDatabase> {
  const name = `store_t_${randomBytes(5).toString("hex")}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const target: DatabaseTarget = { kind: "postgres", url: dbUrl.toString() }
  return {
    name: "postgresql",
    target,
    open: async () => connectDatabase(target, { poolSize: 5 }),
    dispose: async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** Every database an adapter test runs against: embedded PGlite always, PostgreSQL when one is reachable. */
/**
 * Where a test server's data lives: as its config says, except that an in-memory embedded database starts from
 * the migrated snapshot instead of running every migration again.
 */
export async function testTarget(config: {
  DATABASE_URL?: string | undefined
  DATA_DIR: string
}): Promise<DatabaseTarget> {
  if (config.DATABASE_URL) return { kind: "postgres", url: config.DATABASE_URL }
  if (config.DATA_DIR !== ":memory:") return { kind: "pglite", dataDir: config.DATA_DIR }
  return { kind: "pglite", dataDir: null, snapshot: await migratedPgliteSnapshot() }
}

export async function testDatabases(): Promise<TestDatabase[]> {
  const snapshot = await migratedPgliteSnapshot()
  const list: TestDatabase[] = [
    {
      name: "pglite",
      target: { kind: "pglite", dataDir: null, snapshot },
      open: async () => connectDatabase({ kind: "pglite", dataDir: null, snapshot }),
      dispose: async () => {},
    },
  ]
  const url = await postgresServerUrl()
  if (url) list.push(await freshPostgres(url))
  else
    console.warn("skipped: no PostgreSQL (set TEST_DATABASE_URL to run the adapter tests on a real server)")
  return list
}

export async function migrated(db: TestDatabase): Promise<DatabaseHandle> {
  const handle = await db.open()
  await migrateToLatest(handle.db)
  return handle
}

/**
 * An embedded database with every migration applied, as a dump each PGlite test database starts from: running
 * the migrations in WebAssembly took seconds per test file. Kept in the temporary folder under a hash of the
 * migrations' source, so a changed or added migration makes a new one; written by rename, so two processes
 * racing to make it never read half a file.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const migrationsDir = new URL("../../migrations/", import.meta.url)
  const source = readFileSync(new URL("index.ts", migrationsDir), "utf8")
  const hash = createHash("sha256").update(source)
  for (const [, file] of source.matchAll(/from "\.\/([\w-]+)"/g))
    hash.update(readFileSync(new URL(`${file}.ts`, migrationsDir)))
  const path = join(tmpdir(), `store-pglite-${hash.digest("hex").slice(0, 16)}.tar.gz`)
  try {
    return new Blob([readFileSync(path)])
  } catch {
    const handle = connectDatabase({ kind: "pglite", dataDir: null })
    await migrateToLatest(handle.db)
    const dump = await (handle.dump?.() ?? Promise.reject(new Error("PGlite has no dump")))
    await handle.close()
    const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, path)
    return dump
  }
}
