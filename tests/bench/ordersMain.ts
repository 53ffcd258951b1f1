import { notAMeasurement } from "./orderOutcomes"
import { benchOrders, printOrderFigures } from "./orders"

// `npm run bench:orders`: orders placed per second (also part of `npm run bench`).
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** The run measured refusals (or nothing), not orders: its figures must not be reported. */
export class OrderBenchInvalid extends Error {
  override name = "OrderBenchInvalid"
}

export async function runOrderBench(): Promise<void> {
  const figures = await benchOrders(PG_URL, {
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    customers: 4000,
    editionSize: 1000,
    countQueries: process.env.BENCH_QUERIES === "1",
  })
  printOrderFigures(figures, CONCURRENCY)
  const verdict = notAMeasurement(figures.outcomes)
  if (verdict) throw new OrderBenchInvalid(verdict)
}

if (import.meta.url === `file://${process.argv[1]}`)
  await runOrderBench().catch((error: unknown) => {
    if (!(error instanceof OrderBenchInvalid)) throw error
    console.error(`\n${error.message}`)
    process.exit(1)
  })
