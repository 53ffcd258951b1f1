import type { Viewer } from "../../application/ports/CurrentUser"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { freshPostgres, postgresServerUrl, testTarget } from "./databases"
import { STORE_DAY, storeClockEnv } from "./storeClock"

export interface RuntimeTarget {
  readonly name: string
  readonly env: Record<string, string>
}

/**
 * The databases an integration test runs the whole application on: embedded PGlite always (from the migrated
 * snapshot), and a fresh PostgreSQL database when the server is reachable. `dispose` drops that database.
 */
export async function runtimeTargets(poolSize = 10) {
  const serverUrl = await postgresServerUrl()
  const targets: RuntimeTarget[] = [{ name: "pglite", env: { DATA_DIR: ":memory:" } }]
  const postgres = serverUrl ? await freshPostgres(serverUrl) : null
  if (postgres && postgres.target.kind === "postgres")
    targets.push({
      name: "postgresql",
      env: { DATABASE_URL: postgres.target.url, DB_POOL_SIZE: String(poolSize) },
    })
  const embedded = await testTarget({ DATA_DIR: ":memory:" })
  return { targets, embedded, dispose: () => postgres?.dispose() }
}

/**
 * The application's runtime on one target, quiet, with no demo data and no outside services. Its Clock starts
 * at `storeInstant` (a target's own STORE_CLOCK_START wins), so what the store sells does not depend on the day
 * the test runs.
 */
export function testRuntime(
  target: RuntimeTarget,
  embedded: Awaited<ReturnType<typeof testTarget>>,
  options: Omit<NonNullable<Parameters<typeof createAppRuntime>[1]>, "database" | "logger"> = {},
  storeInstant: number = STORE_DAY,
) {
  const config = loadConfig({
    ...storeClockEnv(storeInstant),
    ...target.env,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    VIACEP_ENABLED: "false",
    PUBLIC_URL: "http://localhost:3000",
  })
  const runtime = createAppRuntime(config, {
    ...options,
    database: config.DATABASE_URL ? undefined : embedded,
    logger: createLogger("silent"),
  })
  return { config, runtime }
}

/** A verified customer with an e-mail made from the id. */
export const customer = (id: string, name: string): Viewer => ({
  id,
  email: `${id}@example.com`,
  name,
  role: "user",
  emailVerified: true,
})
