import { createServer } from "node:http"
import { getRequestListener } from "@hono/node-server"
import { Effect } from "effect"
import { Db } from "../adapters/db/DatabaseService"
import { seedDemoCatalog } from "../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../adapters/shipping/demoShippingTable"
import { type AppDeps, createApp } from "./app"
import { type Config, ConfigError, loadConfig } from "./config"
import { createLogger, type Logger } from "./logger"
import { createAppRuntime } from "./runtime"

export interface Boot {
  readonly config: Config
  readonly logger: Logger
  readonly runtime: ReturnType<typeof createAppRuntime>
}

/** Reads the environment, connects and migrates the database, and seeds demo data into an empty one. */
export async function boot(): Promise<Boot> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  const runtime = createAppRuntime(config)
  // Builds every layer now (connection, migrations) so the first request does not pay for start-up.
  try {
    await runtime.context()
  } catch (error) {
    logger.fatal({ err: error }, "não foi possível iniciar: banco de dados indisponível")
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  if (config.SEED_DEMO_DATA) {
    const { db } = await runtime.runPromise(Db.use((service) => Effect.succeed(service)))
    if (await seedDemoCatalog(db, Date.now())) logger.info("demo catalogue seeded")
    if (await seedDemoShippingTable(db)) logger.info("demo shipping table seeded")
  }
  return { config, logger, runtime }
}

type Listener = Parameters<typeof createServer>[1]

/** Listens, and on SIGINT/SIGTERM stops accepting, lets open requests finish, then closes the database. */
export async function serve(
  booted: Boot,
  deps: Omit<AppDeps, "config" | "runtime" | "logger">,
  wrap?: (hono: Listener) => Listener,
) {
  const { config, logger, runtime } = booted
  const app = await createApp({ ...deps, config, runtime, logger })
  const listener = getRequestListener(app.fetch) as Listener
  const server = createServer(wrap ? wrap(listener) : listener)
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      logger.fatal(
        { code: error.code, port: config.PORT },
        error.code === "EADDRINUSE"
          ? `A porta ${config.PORT} já está em uso: defina outra em PORT`
          : "could not listen",
      )
      void runtime.dispose().finally(() => process.exit(1))
    })
    server.listen(config.PORT, config.HOST, resolve)
  })
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : config.PORT
  logger.info(
    { port, database: config.DATABASE_URL ? "postgresql" : "pglite" },
    `Loja no ar em http://localhost:${port}`,
  )

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, "shutting down")
    const force = setTimeout(() => process.exit(1), 10_000).unref()
    server.close()
    server.closeIdleConnections()
    await new Promise((r) => setTimeout(r, 50))
    await runtime.dispose()
    clearTimeout(force)
    process.exit(0)
  }
  process.once("SIGINT", () => void shutdown("SIGINT"))
  process.once("SIGTERM", () => void shutdown("SIGTERM"))
  return server
}
