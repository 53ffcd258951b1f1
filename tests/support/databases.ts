import { randomBytes } from "node:crypto"
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
export async function testDatabases(): Promise<TestDatabase[]> {
  const list: TestDatabase[] = [
    {
      name: "pglite",
      target: { kind: "pglite", dataDir: null },
      open: async () => connectDatabase({ kind: "pglite", dataDir: null }),
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
