import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { domainEvent } from "../../domain/events"
import { afterPaymentStore } from "../support/afterPayment"
import { apiApp } from "../support/apiApp"
import { customer, runtimeTargets } from "../support/appRuntimes"

// The operator's view of a running store: GET /metrics in Prometheus' text format, behind a token, with what a
// placed and paid order, a page, a procedure and the outbox leave in it, and no personal datum among the labels.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const TOKEN = "metrics-token-0123456789abcdef"

/** The value of one series in the exposition text (0 when absent). */
const seriesValue = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe.each(targets)("GET /metrics on $name", (target) => {
  const store = afterPaymentStore(target, embedded)
  const ana = customer("metrics-ana", "Ana Souza")
  let app: Awaited<ReturnType<typeof apiApp>>

  beforeAll(async () => {
    await store.setUp([ana])
    app = await apiApp(store.runtime, { ...store.config, METRICS_TOKEN: TOKEN })
  }, 60_000)
  afterAll(() => store.runtime.dispose())

  const scrape = async () => {
    const response = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/plain")
    return response.text()
  }

  it("does not exist without METRICS_TOKEN, and refuses a request without the token", async () => {
    // store.config has no METRICS_TOKEN: the store as most run it.
    const off = await apiApp(store.runtime, store.config)
    expect((await off.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    )

    const bare = await app.request("/metrics")
    expect(bare.status).toBe(401)
    expect(bare.headers.get("www-authenticate")).toContain("Bearer")
    expect(await bare.text()).not.toContain("store_")
    const wrong = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } })
    expect(wrong.status).toBe(401)
  })

  it("counts a placed and paid order, a page by its route pattern, a procedure, and reads the outbox", async () => {
    const before = await scrape()
    const order = await store.paidOrder(ana)
    await store.settled(order.id)
    expect((await app.request("/media/no-such-picture.jpeg")).status).toBe(404)
    expect((await app.request("/api/trpc/catalog.collections")).status).toBe(200)
    expect((await app.request("/api/trpc/secret.made-up-name")).status).toBe(404)

    const text = await scrape()
    const moved = (series: string) => seriesValue(text, series) - seriesValue(before, series)
    expect(moved("store_orders_placed_total")).toBe(1)
    expect(moved("store_orders_paid_total")).toBe(1)
    expect(moved('store_payments_total{outcome="approved",method="card"}')).toBe(1)
    expect(moved('store_http_requests_total{method="GET",route="/media/:file",status="4xx"}')).toBe(1)
    expect(text).toContain(
      'store_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/media/:file"',
    )
    expect(moved('store_trpc_calls_total{procedure="catalog.collections",type="query",code="OK"}')).toBe(1)
    expect(text).not.toContain("made-up-name")
    expect(seriesValue(text, "store_scrape_database_up")).toBe(1)
    expect(seriesValue(text, "store_outbox_pending_events")).toBe(0)
    expect(text).toMatch(/^store_outbox_oldest_pending_age_seconds 0$/m)
    expect(text).toMatch(/^store_outbox_parked_deliveries 0$/m)
    if (target.name === "postgresql") {
      expect(seriesValue(text, 'store_db_pool_connections{state="max"}')).toBe(10)
      expect(seriesValue(text, 'store_db_pool_connections{state="total"}')).toBeGreaterThan(0)
    } else expect(text).not.toContain("store_db_pool_connections{")
    // No order, customer or address in any label.
    for (const datum of [order.id, ana.id, ana.email, store.cpfOf(ana)]) expect(text).not.toContain(datum)
  })

  it("does not count the events of a unit of work that rolled back", async () => {
    const before = await scrape()
    const placed = domainEvent("OrderPlaced", "metrics-rolled-back", {
      orderId: "metrics-rolled-back",
      userId: null,
      number: "0",
      total: 100,
    })
    const exit = await store.runtime.runPromiseExit(
      UnitOfWork.use((uow) =>
        uow.atomically(
          EventOutbox.use((outbox) => outbox.record([placed])).pipe(Effect.andThen(Effect.fail("refused"))),
        ),
      ),
    )
    expect(exit._tag).toBe("Failure")
    expect(seriesValue(await scrape(), "store_orders_placed_total")).toBe(
      seriesValue(before, "store_orders_placed_total"),
    )
  })

  it("counts the scheduled jobs this instance ran", async () => {
    // The scheduler runs every job once when the store starts, then the outbox's redrive every 5 seconds.
    await store.waitFor(
      async () => seriesValue(await scrape(), 'store_job_runs_total{job="outbox.redrive",outcome="ok"}') >= 1,
    )
  })
})
