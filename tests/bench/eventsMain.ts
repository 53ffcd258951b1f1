import { freshPostgres } from "../support/databases"
import { benchEvents, type EventFigures, printEventFigures } from "./events"

// `npm run bench:events`: the event dispatcher alone (also part of `npm run bench`).
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres"

export async function runEventBench(): Promise<void> {
  console.log("\nEvent dispatcher: throughput draining a backlog, and latency from commit to handler")
  const figures: EventFigures[] = [
    await benchEvents(
      "PGlite",
      { kind: "pglite", dataDir: null },
      { dispatchers: 1, events: 2000, samples: 100 },
    ),
  ]
  const pg = await freshPostgres(PG_URL).catch(() => null)
  if (pg) {
    try {
      for (const dispatchers of [1, 2])
        figures.push(await benchEvents("PostgreSQL", pg.target, { dispatchers, events: 5000, samples: 200 }))
    } finally {
      await pg.dispose()
    }
  } else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`)
  printEventFigures(figures)
}

if (import.meta.url === `file://${process.argv[1]}`) await runEventBench()
