import { createServer } from "node:http"
import { getRequestListener } from "@hono/node-server"
import { Effect } from "effect"
import { Db } from "../adapters/db/DatabaseService"
import { seedDemoCatalog, seedDemoCoupons } from "../adapters/seed/seedDemoCatalog"
import { seedDemoCommunity } from "../adapters/seed/seedDemoCommunity"
import { seedDemoShippingTable } from "../adapters/shipping/demoShippingTable"
import { backfillCommunity } from "../application/community"
import { recoverInterruptedPayments } from "../application/orders"
import { type AppDeps, createApp } from "./app"
import { createStoreAuth } from "./auth"
import { mailKeptOnPublicStore, startBanner } from "./banner"
import { storeNow } from "./clock"
import { type Config, ConfigError, loadConfig } from "./config"
import { type DemoAccount, lockDemoAccounts, seedDemoAccounts, shouldSeedDemoAccounts } from "./demoAccounts"
import { assertSandboxesAllowed, isProduction, paymentsAreSimulated, seedsDemoCatalogue } from "./deployment"
import { createLogger, type Logger } from "./logger"
import { createAppRuntime } from "./runtime"
import { requestsInFlight, shutDown } from "./shutdown"

export interface Boot {
  readonly config: Config
  readonly logger: Logger
  readonly runtime: ReturnType<typeof createAppRuntime>
  /** Demo accounts created by this start (their passwords are printed once, in the banner). */
  readonly createdDemoAccounts: readonly DemoAccount[]
}

/** Reads the environment, connects and migrates the database, and seeds demo data into an empty one. */
export async function boot(): Promise<Boot> {
  let config: Config
  try {
    config = loadConfig()
    assertSandboxesAllowed(config)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  if (config.STORE_CLOCK_START)
    logger.warn(
      { start: config.STORE_CLOCK_START },
      "STORE_CLOCK_START ativo: o relógio da loja começa nesse instante (loja de testes; nunca em produção)",
    )
  if (isProduction(config) && paymentsAreSimulated(config))
    logger.warn("PAYMENTS=sandbox: a demonstration store, payments are simulated and every page says so")
  const runtime = createAppRuntime(config, { logger })
  // Builds every layer now (connection, migrations) so the first request does not pay for start-up.
  try {
    await runtime.context()
  } catch (error) {
    logger.fatal({ err: error }, "não foi possível iniciar: banco de dados indisponível")
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  // A crash may have left payments taken to the gateway and never answered: settled now, not at the next job run.
  runtime.runFork(
    recoverInterruptedPayments().pipe(
      Effect.tap((outcome) =>
        Effect.logInfo("interrupted payments recovered").pipe(Effect.annotateLogs(outcome)),
      ),
      Effect.catchCause((cause) => Effect.logWarning("payment recovery at start failed", cause)),
    ),
  )
  const { db } = await runtime.runPromise(Db.use((service) => Effect.succeed(service)))
  if (seedsDemoCatalogue(config)) {
    if (await seedDemoCatalog(db, storeNow(config)())) logger.info("demo catalogue seeded")
    if (await seedDemoShippingTable(db)) logger.info("demo shipping table seeded")
    if ((await seedDemoCoupons(db, storeNow(config)())) > 0) logger.info("demo coupons seeded")
  }
  const seedDemo = shouldSeedDemoAccounts(config)
  const createdDemoAccounts = seedDemo
    ? await seedDemoAccounts(await createStoreAuth(config, db, runtime, logger), db)
    : []
  // A newcomer's store only (where the demo accounts are): demo collectors' orders would be figures of a real
  // store's reports, and the test servers' journeys count orders and accounts. Their orders join the ranking
  // through the same replay as any order paid before the community.
  if (seedDemo && config.NODE_ENV !== "test" && (await seedDemoCommunity(db, storeNow(config)())) > 0) {
    await runtime.runPromise(backfillCommunity())
    logger.info("demo collectors seeded")
  }
  if (!seedDemo && (await lockDemoAccounts(db)) > 0)
    logger.warn("contas de demonstração bloqueadas: esta loja não é só deste computador (senhas públicas)")
  if (mailKeptOnPublicStore(config))
    logger.warn(
      { publicUrl: config.publicUrl },
      "SMTP_URL não definido: os e-mails da loja não serão enviados, só guardados para leitura em /dev/emails por administradores. Defina SMTP_URL antes de abrir a loja ao público.",
    )
  return { config, logger, runtime, createdDemoAccounts }
}

type Listener = NonNullable<Parameters<typeof createServer>[1]>

/** Listens, and on SIGINT/SIGTERM stops without dropping a request (see shutDown). */
export async function serve(
  booted: Boot,
  deps: Omit<AppDeps, "config" | "runtime" | "logger">,
  wrap?: (hono: Listener) => Listener,
) {
  const { config, logger, runtime } = booted
  const requests = requestsInFlight()
  const app = await createApp({ ...deps, config, runtime, logger, draining: () => requests.draining })
  const listener = getRequestListener(app.fetch) as Listener
  const server = createServer(requests.track(wrap ? wrap(listener) : listener))
  requests.watch(server)
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
    {
      port,
      database: config.DATABASE_URL ? "postgresql" : "pglite",
      mail: config.SMTP_URL ? "smtp" : "kept",
    },
    `Loja no ar em http://localhost:${port}`,
  )
  const baseUrl = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`
  if (config.LOG_LEVEL !== "silent") console.log(startBanner(config, baseUrl, booted.createdDemoAccounts))

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    const graceSeconds = config.SHUTDOWN_GRACE_SECONDS
    // Should closing the runtime itself hang, the process still ends.
    setTimeout(() => process.exit(1), (graceSeconds + 10) * 1000).unref()
    process.exit(await shutDown({ server, runtime, requests, logger, graceSeconds, signal }))
  }
  process.once("SIGINT", () => void shutdown("SIGINT"))
  process.once("SIGTERM", () => void shutdown("SIGTERM"))
  return server
}
