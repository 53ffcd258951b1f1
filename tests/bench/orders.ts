import { randomUUID } from "node:crypto"
import { Cause, Effect, Exit, Option } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { CheckoutRefused } from "../../application/errors"
import { placeOrder } from "../../application/orders/placeOrder"
import type { OrderView } from "../../application/orders/views"
import type { Viewer } from "../../application/ports/CurrentUser"
import { EDITION_MESSAGES } from "../../domain/orders/editions"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { sandboxBankFor } from "../../server/paymentGateway"
import { createAppRuntime } from "../../server/runtime"
import { validCpf } from "../support/cpf"
import { freshPostgres } from "../support/databases"
import { addCollectors, asViewer, clockNow, fillCarts, seedStore } from "../support/storeRuntime"
import { cpuMeter } from "./cpuUsage"
import { percentile } from "./load"
import { countOutcomes, type OrderOutcome, type OutcomeCounts, refusedCount } from "./orderOutcomes"
import { countQueries } from "./queryCounter"

export interface OrderFigures {
  readonly ordersPerSecond: number
  readonly p50: number
  readonly p95: number
  readonly placed: number
  /** How every attempt ended: paid, refused as the edition sold out, or refused for another reason. */
  readonly outcomes: OutcomeCounts
  readonly oversold: number
  readonly editionSize: number
  /** CPU per placed order in this process and in PostgreSQL, until the outbox (e-mails) is drained. */
  readonly nodeCpuMs: number
  readonly postgresCpuMs: number
  /** How long the event dispatcher took after the last order to send what the orders queued. */
  readonly drainSeconds: number
}

/**
 * The edition the run buys, made for the instant it runs at: the first demo collection's character of this
 * month (on sale to everyone, not only to subscribers), revealed, as a numbered edition of `size` with one unit
 * per collector. Answers its id and the refusal a buyer gets once it is sold out.
 */
async function benchEdition(db: Kysely<Database>, now: number, size: number) {
  const [id] = await seedStore(db, now)
  // Revealed a minute ago, whatever the day of the month: the run buys a named piece as on a reveal day.
  const { name } = await db
    .updateTable("collection_products")
    .set({
      teaser_at: new Date(now - 2 * DAY),
      preview_at: new Date(now - DAY),
      reveal_at: new Date(now - 60_000),
      edition_size: size,
      collector_limit: 1,
    })
    .where("id", "=", id)
    .returning("name")
    .executeTakeFirstOrThrow()
  return { id, soldOut: EDITION_MESSAGES.soldOut(name) }
}

const DAY = 86_400_000

/** Paid, or why not: the refusal's tag and pt-BR message, the payment's state, or the defect's first line. */
function outcomeOf(exit: Exit.Exit<OrderView, unknown>, soldOut: string): OrderOutcome {
  if (Exit.isSuccess(exit)) {
    const { status, payment } = exit.value
    if (status === "paid") return { kind: "paid" }
    return { kind: "refused", reason: `order ${status}, payment ${payment?.status}: ${payment?.message}` }
  }
  const error = Cause.findErrorOption(exit.cause)
  if (Option.isNone(error))
    return { kind: "refused", reason: `defect: ${Cause.pretty(exit.cause).split("\n")[0]}` }
  if (error.value instanceof CheckoutRefused && error.value.message === soldOut) return { kind: "soldOut" }
  const { _tag, message } = error.value as { _tag?: string; message?: string }
  return { kind: "refused", reason: `${_tag ?? "error"}: ${message ?? String(error.value)}` }
}

/**
 * Customers placing orders at once, each paying by card (APRO, 3x) through the sandbox: the whole path of
 * `placeOrder` (pricing, shipping quote, edition units, the order's transaction, the gateway, applying the
 * approval), in process on PostgreSQL. The edition is smaller than the demand, so overselling would show; the
 * run ends when it sells out (refusals are quick and would flatter the rate), and only paid orders count. Every
 * attempt's outcome is counted by reason, so a run that measured refusals says so (orderOutcomes.ts).
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
    const edition = await benchEdition(db, await clockNow(runtime), options.editionSize)
    // Each synthetic customer is a different person with a CPF of their own, so the per-collector limit
    // refuses none of them.
    const customers = Array.from({ length: options.customers }, (_, i) => ({
      viewer: {
        id: `bench-${i}`,
        name: `Cliente ${i}`,
        email: `bench-${i}@example.com`,
        emailVerified: true,
        role: "user",
      } satisfies Viewer,
      cpf: validCpf(i),
      ip: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
    }))
    const viewers = customers.map((c) => c.viewer)
    const addressIds = await addCollectors(db, viewers, (c) => `${c.name} Souza`)
    await fillCarts(
      db,
      viewers.map((v) => v.id),
      edition.id,
    )
    const bank = sandboxBankFor(config, db, async () => ({ status: 200 }))
    const latencies: number[] = []
    const outcomes: OrderOutcome[] = []
    let next = 0
    let soldOut = false
    const deadline = Date.now() + options.seconds * 1000
    const customer = async () => {
      while (!soldOut && Date.now() < deadline && next < customers.length) {
        const buyer = customers[next++]
        if (!buyer) return
        const token = await Effect.runPromise(
          bank.tokenize({
            cardNumber: "5031433215406351",
            cardholderName: "APRO",
            expirationMonth: 11,
            expirationYear: 2030,
            securityCode: "123",
            cpf: buyer.cpf,
          }),
        )
        if (!token.ok) throw new Error(token.message)
        const started = performance.now()
        const exit = await runtime.runPromiseExit(
          asViewer(
            buyer.viewer,
            buyer.ip,
            placeOrder({
              addressId: addressIds.get(buyer.viewer.id) ?? "",
              shippingOptionId: null,
              couponCode: null,
              idempotencyKey: randomUUID(),
              cpf: buyer.cpf,
              payment: {
                method: "card",
                card: { token: token.token.id, installments: 3, paymentMethodId: "master", issuerId: null },
              },
            }),
          ),
        )
        const outcome = outcomeOf(exit, edition.soldOut)
        outcomes.push(outcome)
        if (outcome.kind === "paid") latencies.push(performance.now() - started)
        else if (outcome.kind === "soldOut") soldOut = true
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
      .where("id", "=", edition.id)
      .executeTakeFirstOrThrow()
    const paid = await db
      .selectFrom("orders")
      .select(db.fn.countAll<number>().as("n"))
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow()
    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      ordersPerSecond: latencies.length / elapsed,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      placed: Number(paid.n),
      outcomes: countOutcomes(outcomes),
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
      "sold out": f.outcomes.soldOut,
      refused: refusedCount(f.outcomes),
      edition: f.editionSize,
      oversold: f.oversold,
      "node CPU ms/order": f.nodeCpuMs.toFixed(1),
      "PostgreSQL CPU ms/order": f.postgresCpuMs.toFixed(1),
      "e-mails drained s": f.drainSeconds.toFixed(1),
    },
  ])
  if (f.outcomes.refused.length > 0) {
    console.log("Refused for another reason than the edition selling out:")
    console.table(f.outcomes.refused.map(([reason, orders]) => ({ reason, orders })))
  }
}
