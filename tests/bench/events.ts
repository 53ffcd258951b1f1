import { Effect, Layer, ManagedRuntime } from "effect"
import { sql } from "kysely"
import { SystemClockLayer } from "../../adapters/clock/SystemClock"
import { connectDatabase, type DatabaseHandle, type DatabaseTarget } from "../../adapters/db/connect"
import { Db } from "../../adapters/db/DatabaseService"
import { migrateToLatest } from "../../adapters/db/migrate"
import { UnitOfWorkLayer, withExecutor } from "../../adapters/db/transaction"
import { PostgresEventOutboxLayer, PostgresEventQueueLayer } from "../../adapters/events/PostgresOutbox"
import { DispatcherWorker } from "../../adapters/events/workers"
import type { EventHandler } from "../../application/events/EventHandler"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { domainEvent } from "../../domain/events"
import { DEFAULT_RETRY_POLICY } from "../../domain/retryPolicy"
import { percentile } from "./load"

export interface EventFigures {
  readonly database: string
  readonly dispatchers: number
  readonly events: number
  readonly eventsPerSecond: number
  readonly latencyP50: number
  readonly latencyP95: number
}

const event = (n: number) =>
  domainEvent("NewsletterSubscribed", `bench${n}@example.com`, {
    email: `bench${n}@example.com`,
    source: "bench",
  })

/**
 * Throughput: `events` recorded up front, then drained by `dispatchers` instances, each with its own pool,
 * running one transactional handler that writes a row (the shape of most handlers to come).
 * Latency: events recorded one at a time into idle dispatchers; time from the commit's acknowledgement to
 * the handler starting.
 */
export async function benchEvents(
  label: string,
  target: DatabaseTarget,
  options: { dispatchers: number; events: number; samples: number },
): Promise<EventFigures> {
  const handles: DatabaseHandle[] = []
  const open = () => {
    const handle = connectDatabase(target, { poolSize: 4, onIdleError: () => {} })
    handles.push(handle)
    return handle
  }
  const main = open()
  await migrateToLatest(main.db)
  await sql`create table if not exists bench_effects (event_id text primary key)`.execute(main.db)

  let handled = 0
  const started = new Map<string, number>()
  const handlerFor = (db: DatabaseHandle): EventHandler => ({
    name: "bench",
    on: ["NewsletterSubscribed"],
    mode: "transactional",
    handle: (e) =>
      Effect.gen(function* () {
        started.set(e.id, performance.now())
        yield* withExecutor(db.db, (ex) => sql`insert into bench_effects values (${e.id})`.execute(ex))
        handled++
      }),
  })
  const base = (db: DatabaseHandle, name: string) =>
    Layer.mergeAll(PostgresEventOutboxLayer, PostgresEventQueueLayer(name), UnitOfWorkLayer).pipe(
      Layer.provideMerge(Db.fromHandle(db)),
      Layer.provideMerge(SystemClockLayer),
    )
  const recorder = ManagedRuntime.make(base(main, "recorder"))
  const record = (events: ReturnType<typeof event>[]) =>
    recorder.runPromise(EventOutbox.use((o) => o.record(events)))

  // PGlite is one connection in one process: one dispatcher, on the same handle.
  const dispatcherCount = target.kind === "pglite" ? 1 : options.dispatchers
  for (let i = 0; i < options.events; i += 500)
    await record(Array.from({ length: Math.min(500, options.events - i) }, (_, k) => event(i + k)))

  const t0 = performance.now()
  const workers = Array.from({ length: dispatcherCount }, (_, i) => {
    const db = target.kind === "pglite" ? main : open()
    return ManagedRuntime.make(
      DispatcherWorker([handlerFor(db)], {
        batchSize: 100,
        leaseMs: 60_000,
        retry: DEFAULT_RETRY_POLICY,
        random: Math.random,
        idlePollMs: 1_000,
      }).pipe(Layer.provideMerge(base(db, `bench-${i}`))),
    )
  })
  await Promise.all(workers.map((w) => w.context()))
  while (handled < options.events) await new Promise((r) => setTimeout(r, 5))
  const eventsPerSecond = options.events / ((performance.now() - t0) / 1000)

  const latencies: number[] = []
  for (let i = 0; i < options.samples; i++) {
    const before = handled
    await record([event(options.events + i)])
    const committed = performance.now()
    while (handled === before) await new Promise((r) => setImmediate(r))
    const id = [...started.keys()].at(-1)!
    latencies.push(Math.max(0, started.get(id)! - committed))
    await new Promise((r) => setTimeout(r, 10))
  }
  latencies.sort((a, b) => a - b)

  for (const w of workers) await w.dispose()
  await recorder.dispose()
  for (const h of new Set(handles)) await h.close()
  return {
    database: label,
    dispatchers: dispatcherCount,
    events: options.events,
    eventsPerSecond,
    latencyP50: percentile(latencies, 50),
    latencyP95: percentile(latencies, 95),
  }
}

export function printEventFigures(figures: readonly EventFigures[]) {
  console.table(
    figures.map((f) => ({
      database: f.database,
      dispatchers: f.dispatchers,
      events: f.events,
      "events/s": f.eventsPerSecond.toFixed(0),
      "commit→handler p50 ms": f.latencyP50.toFixed(1),
      "commit→handler p95 ms": f.latencyP95.toFixed(1),
    })),
  )
}
