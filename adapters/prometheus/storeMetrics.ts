import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client"
import type { DomainEvent } from "../../domain/events"

/** What the database's connection pool is doing; PostgreSQL only (PGlite is one embedded connection). */
export interface PoolUse {
  readonly total: number
  readonly idle: number
  readonly waiting: number
  readonly max: number
}

/** What a scrape reads from the database: the outbox's backlog, and the pool when there is one. */
export interface ScrapeReading {
  readonly pendingEvents: number
  /** Seconds since the oldest pending event was recorded; null when nothing is pending. */
  readonly oldestPendingAgeSeconds: number | null
  readonly parkedDeliveries: number
  readonly pool: PoolUse | null
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

/** Anything a client may invent (a method, a status) is folded into a few values: labels stay few. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : "OTHER")
export const statusClass = (status: number) =>
  status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other"

/** Seconds: a cached page answers in a millisecond, a card payment or a PDF may take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * The store's metrics for Prometheus, one registry per server (tests build several in one process, so never
 * prom-client's global one). Labels hold only names the code defines (route patterns, procedures, event types,
 * jobs, handlers) and folded values: never an id, an address or anything a person typed.
 */
export class StoreMetrics {
  readonly registry = new Registry()
  readonly #registers = [this.registry]
  readonly #http = new Counter({
    name: "store_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status class",
    labelNames: ["method", "route", "status"] as const,
    registers: this.#registers,
  })
  readonly #httpSeconds = new Histogram({
    name: "store_http_request_duration_seconds",
    help: "Time to the response's headers, by method, route pattern and status class",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: this.#registers,
  })
  readonly #procedures = new Counter({
    name: "store_trpc_calls_total",
    help: "tRPC procedure calls, by procedure, type and result code (OK or the tRPC error code)",
    labelNames: ["procedure", "type", "code"] as const,
    registers: this.#registers,
  })
  readonly #procedureSeconds = new Histogram({
    name: "store_trpc_call_duration_seconds",
    help: "tRPC procedure call time, by procedure",
    labelNames: ["procedure"] as const,
    buckets: LATENCY_BUCKETS,
    registers: this.#registers,
  })
  readonly #ordersPlaced = new Counter({
    name: "store_orders_placed_total",
    help: "Orders placed (committed with their OrderPlaced event)",
    registers: this.#registers,
  })
  readonly #ordersPaid = new Counter({
    name: "store_orders_paid_total",
    help: "Orders paid (committed with their PaymentApproved event)",
    registers: this.#registers,
  })
  readonly #payments = new Counter({
    name: "store_payments_total",
    help: "Order payment outcomes: approved, rejected, pending (PIX or boleto issued), by method",
    labelNames: ["outcome", "method"] as const,
    registers: this.#registers,
  })
  readonly #jobs = new Counter({
    name: "store_job_runs_total",
    help: "Scheduled job runs on this instance, by job and outcome (ok or failed)",
    labelNames: ["job", "outcome"] as const,
    registers: this.#registers,
  })
  readonly #handlerFailures = new Counter({
    name: "store_event_handler_failures_total",
    help: "Event handler failures, by handler and what follows (retry, or parked for an operator)",
    labelNames: ["handler", "outcome"] as const,
    registers: this.#registers,
  })
  readonly #pageCache = new Counter({
    name: "store_page_cache_requests_total",
    help: "Anonymous catalogue pages answered from memory (hit) or rendered (miss)",
    labelNames: ["outcome"] as const,
    registers: this.#registers,
  })
  readonly #pending = new Gauge({
    name: "store_outbox_pending_events",
    help: "Events recorded and not yet applied by every handler (all instances)",
    registers: this.#registers,
  })
  readonly #oldestPending = new Gauge({
    name: "store_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest pending event, 0 when none is pending",
    registers: this.#registers,
  })
  readonly #parked = new Gauge({
    name: "store_outbox_parked_deliveries",
    help: "Event deliveries parked after repeated failure, waiting for an operator (admin: events)",
    registers: this.#registers,
  })
  readonly #pool = new Gauge({
    name: "store_db_pool_connections",
    help: "PostgreSQL pool connections of this instance: total open, idle, and the pool's maximum",
    labelNames: ["state"] as const,
    registers: this.#registers,
  })
  readonly #poolWaiting = new Gauge({
    name: "store_db_pool_waiting_requests",
    help: "Queries of this instance waiting for a free PostgreSQL connection",
    registers: this.#registers,
  })
  readonly #readOk = new Gauge({
    name: "store_scrape_database_up",
    help: "1 when this scrape read the outbox and pool gauges from the database, 0 when that read failed",
    registers: this.#registers,
  })
  #read: (() => Promise<ScrapeReading>) | null = null
  #processMetrics = false

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: methodLabel(method), route, status: statusClass(status) }
    this.#http.inc(labels)
    this.#httpSeconds.observe(labels, seconds)
  }

  procedureCall(procedure: string, type: string, code: string, seconds: number): void {
    this.#procedures.inc({ procedure, type, code })
    this.#procedureSeconds.observe({ procedure }, seconds)
  }

  /** Events that committed: what they say of orders and payments. */
  eventsCommitted(events: readonly DomainEvent[]): void {
    for (const event of events) {
      if (event.type === "OrderPlaced") this.#ordersPlaced.inc()
      else if (event.type === "PaymentApproved") {
        this.#ordersPaid.inc()
        this.#payments.inc({ outcome: "approved", method: event.payload.method })
      } else if (event.type === "PaymentRejected")
        this.#payments.inc({ outcome: "rejected", method: event.payload.method })
      else if (event.type === "PaymentInstructionsIssued")
        this.#payments.inc({ outcome: "pending", method: event.payload.method })
    }
  }

  jobFinished(job: string, ok: boolean): void {
    this.#jobs.inc({ job, outcome: ok ? "ok" : "failed" })
  }

  handlerFailed(handler: string, parked: boolean): void {
    this.#handlerFailures.inc({ handler, outcome: parked ? "parked" : "retry" })
  }

  pageCache(outcome: "hit" | "miss"): void {
    this.#pageCache.inc({ outcome })
  }

  /** What to read from the database at each scrape (one query): set by the runtime once its database is open. */
  readAtScrape(read: () => Promise<ScrapeReading>): void {
    this.#read = read
  }

  /**
   * Adds the process's own metrics (memory, CPU, event loop lag, GC): they start timers and observers, so only
   * a server that is scraped (METRICS_TOKEN set) turns them on, once.
   */
  withProcessMetrics(): this {
    if (!this.#processMetrics) collectDefaultMetrics({ register: this.registry })
    this.#processMetrics = true
    return this
  }

  get contentType(): string {
    return this.registry.contentType
  }

  /**
   * The exposition text. A failed database read still answers (the HTTP metrics matter most when the database
   * is unwell): its gauges read 0 and store_scrape_database_up says they mean nothing.
   */
  async scrape(): Promise<string> {
    const read = this.#read
    this.#setGauges(read ? await read().catch(() => null) : null)
    return this.registry.metrics()
  }

  #setGauges(reading: ScrapeReading | null): void {
    for (const gauge of [this.#pending, this.#oldestPending, this.#parked, this.#pool, this.#poolWaiting])
      gauge.reset()
    this.#readOk.set(reading ? 1 : 0)
    if (!reading) return
    this.#pending.set(reading.pendingEvents)
    this.#oldestPending.set(Math.max(0, reading.oldestPendingAgeSeconds ?? 0))
    this.#parked.set(reading.parkedDeliveries)
    if (!reading.pool) return
    this.#pool.set({ state: "total" }, reading.pool.total)
    this.#pool.set({ state: "idle" }, reading.pool.idle)
    this.#pool.set({ state: "max" }, reading.pool.max)
    this.#poolWaiting.set(reading.pool.waiting)
  }
}
