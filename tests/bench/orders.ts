import { randomUUID } from "node:crypto"
import { Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../../adapters/shipping/demoShippingTable"
import { placeOrder } from "../../application/orders/placeOrder"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser } from "../../application/ports/CurrentUser"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { sandboxBankFor } from "../../server/paymentGateway"
import { createAppRuntime } from "../../server/runtime"
import { validCpf } from "../support/cpf"
import { freshPostgres } from "../support/databases"
import { catalogueProducts, clockNow } from "../support/storeRuntime"
import { cpuMeter } from "./cpuUsage"
import { countQueries } from "./queryCounter"

export interface OrderFigures {
  readonly ordersPerSecond: number
  readonly p50: number
  readonly p95: number
  readonly placed: number
  /** Refused for another reason than the edition selling out. */
  readonly failed: number
  readonly oversold: number
  readonly editionSize: number
  /** CPU per placed order in this process and in PostgreSQL, until the outbox (e-mails) is drained. */
  readonly nodeCpuMs: number
  readonly postgresCpuMs: number
  /** How long the event dispatcher took after the last order to send what the orders queued. */
  readonly drainSeconds: number
}

/** More refusals than this share (other than the edition selling out) fail the run. */
const MAX_REFUSED_SHARE = 0.01

/** Each synthetic customer is a different person: one CPF each, so the per-collector limit never refuses them. */
const cpfOf = (index: number) => validCpf(index)

/**
 * The edition the run buys, made for the instant it runs at: the first demo collection's character of this
 * month (on sale to everyone), revealed, as a numbered edition of `size` with one unit per collector.
 */
async function benchEdition(db: Kysely<Database>, now: number, size: number): Promise<string> {
  await seedDemoCatalog(db, now)
  await seedDemoShippingTable(db)
  const [template] = await catalogueProducts(db, now, "onSale")
  if (!template) throw new Error("the demo catalogue has no product on sale")
  // Revealed a minute ago, whatever the day of the month: the run buys a named piece as on a reveal day.
  await db
    .updateTable("collection_products")
    .set({
      teaser_at: new Date(now - 2 * DAY),
      preview_at: new Date(now - DAY),
      reveal_at: new Date(now - 60_000),
      edition_size: size,
      collector_limit: 1,
    })
    .where("id", "=", template)
    .execute()
  return template
}

const DAY = 86_400_000

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/**
 * Customers placing orders at once, each paying by card (APRO, 3x) through the sandbox: the whole path of
 * `placeOrder` (pricing, shipping quote, edition units, the order's transaction, the gateway, applying the
 * approval), in process on PostgreSQL. The edition is smaller than the demand, so overselling would show; the
 * run ends when it sells out (refusals are quick and would flatter the rate), and only placed orders count.
 */
export async function benchOrders(
  databaseUrl: string,
  options: {
    concurrency: number
    seconds: number
    customers: number
    editionSize: number
    /** Prints the statements sent per order. */
    countQueries?: boolean
  },
): Promise<OrderFigures> {
  const pg = await freshPostgres(databaseUrl)
  if (pg.target.kind !== "postgres") throw new Error("PostgreSQL needed")
  const config = loadConfig({
    DATABASE_URL: pg.target.url,
    // The store's own default unless asked: more connections than the cores can serve only queue inside PostgreSQL.
    ...(process.env.BENCH_POOL_SIZE ? { DB_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    VIACEP_ENABLED: "false",
  })
  const runtime = createAppRuntime(config, { logger: createLogger("silent") })
  try {
    const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
    const product = await benchEdition(db, await clockNow(runtime), options.editionSize)
    const users = Array.from({ length: options.customers }, (_, i) => ({
      id: `bench-${i}`,
      name: `Cliente ${i}`,
      email: `bench-${i}@example.com`,
      emailVerified: true,
      role: null,
      appRole: null,
    }))
    for (let i = 0; i < users.length; i += 500) {
      const batch = users.slice(i, i + 500)
      await db.insertInto("auth_user").values(batch).execute()
      await db
        .insertInto("cart_items")
        .values(batch.map((u) => ({ user_id: u.id, product_id: product, quantity: 1 })))
        .execute()
    }
    const addressIds = new Map<string, string>()
    for (let i = 0; i < users.length; i += 500) {
      const rows = await db
        .insertInto("addresses")
        .values(
          users.slice(i, i + 500).map((u) => ({
            user_id: u.id,
            name: `${u.name} Souza`,
            street: "Avenida Paulista",
            number: "1000",
            neighborhood: "Bela Vista",
            city: "São Paulo",
            state: "SP",
            zip_code: "01310200",
            is_default: true,
          })),
        )
        .returning(["id", "user_id"])
        .execute()
      for (const r of rows) addressIds.set(r.user_id, r.id)
    }
    const bank = sandboxBankFor(config, db, async () => ({ status: 200 }))
    const latencies: number[] = []
    let next = 0
    let failed = 0
    let soldOut = false
    const deadline = Date.now() + options.seconds * 1000
    const customer = async () => {
      while (!soldOut && Date.now() < deadline && next < users.length) {
        const index = next++
        const user = users[index]
        if (!user) return
        const token = await Effect.runPromise(
          bank.tokenize({
            cardNumber: "5031433215406351",
            cardholderName: "APRO",
            expirationMonth: 11,
            expirationYear: 2030,
            securityCode: "123",
            cpf: cpfOf(index),
          }),
        )
        if (!token.ok) throw new Error(token.message)
        const started = performance.now()
        const exit = await runtime.runPromiseExit(
          placeOrder({
            addressId: addressIds.get(user.id) ?? "",
            shippingOptionId: null,
            couponCode: null,
            idempotencyKey: randomUUID(),
            cpf: cpfOf(index),
            payment: {
              method: "card",
              card: { token: token.token.id, installments: 3, paymentMethodId: "master", issuerId: null },
            },
          }).pipe(
            Effect.provideService(CurrentUser, { viewer: { ...user, role: "user" } }),
            Effect.provideService(ClientAddress, `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`),
          ),
        )
        if (Exit.isSuccess(exit)) latencies.push(performance.now() - started)
        else if (String(exit.cause).includes("esgotada")) soldOut = true
        else if (++failed <= 3) console.warn(String(exit.cause).slice(0, 300))
      }
    }
    const queries = options.countQueries ? countQueries() : null
    const cpu = cpuMeter(new URL(pg.target.url).pathname.slice(1))
    const started = performance.now()
    await Promise.all(Array.from({ length: options.concurrency }, customer))
    const elapsed = (performance.now() - started) / 1000
    const drainSeconds = await outboxDrained(db)
    const used = cpu()
    queries?.report(latencies.length)
    queries?.stop()
    const units = await db
      .selectFrom("collection_products")
      .select(["edition_sold", "edition_reserved"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    const paid = await db
      .selectFrom("orders")
      .select(db.fn.countAll<number>().as("n"))
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow()
    const sorted = [...latencies].sort((a, b) => a - b)
    // A run that mostly measured refusals would flatter the rate: it is no measurement at all.
    const attempts = latencies.length + failed
    if (failed > attempts * MAX_REFUSED_SHARE)
      throw new Error(
        `${failed} of ${attempts} orders were refused for another reason than the edition selling out: the benchmark measured refusals, not orders`,
      )
    return {
      ordersPerSecond: latencies.length / elapsed,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      placed: Number(paid.n),
      failed,
      oversold: Math.max(0, units.edition_sold + units.edition_reserved - options.editionSize),
      editionSize: options.editionSize,
      nodeCpuMs: used.nodeMs / Math.max(1, latencies.length),
      postgresCpuMs: used.postgresMs / Math.max(1, latencies.length),
      drainSeconds,
    }
  } finally {
    await runtime.dispose()
    await pg.dispose()
  }
}

/** Waits (a minute at most) until the dispatcher has handled every event; answers the seconds it took. */
async function outboxDrained(db: Kysely<Database>): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < 60_000) {
    const left = await db
      .selectFrom("outbox_events")
      .select(db.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow()
    if (Number(left.n) === 0) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return (performance.now() - started) / 1000
}

export function printOrderFigures(f: OrderFigures, concurrency: number) {
  console.log(
    `\nOrders on PostgreSQL with the sandbox gateway (card APRO 3x), ${concurrency} concurrent customers`,
  )
  console.table([
    {
      "orders/s": f.ordersPerSecond.toFixed(0),
      "p50 ms": f.p50.toFixed(0),
      "p95 ms": f.p95.toFixed(0),
      paid: f.placed,
      failed: f.failed,
      edition: f.editionSize,
      oversold: f.oversold,
      "node CPU ms/order": f.nodeCpuMs.toFixed(1),
      "PostgreSQL CPU ms/order": f.postgresCpuMs.toFixed(1),
      "e-mails drained s": f.drainSeconds.toFixed(1),
    },
  ])
}
