import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { StoreMetrics } from "../../adapters/prometheus/storeMetrics"
import { domainEvent } from "../../domain/events"
import { bearerMatches, httpMetrics, metricsRoute } from "./metrics"

const TOKEN = "a-token-of-sixteen-or-more"

/** A small app counted as the store's is: the middleware first, then routes with parameters. */
function countedApp() {
  const metrics = new StoreMetrics()
  const app = new Hono()
  app.use(httpMetrics(metrics))
  app.get("/pedidos/:id", (c) => c.text(c.req.param("id")))
  app.get("/colecoes", (c) => c.text("page", 200, { "x-page-cache": "hit" }))
  app.post("/boom", () => {
    throw new Error("boom")
  })
  app.onError((_error, c) => c.text("Oops", 500))
  app.get("/metrics", metricsRoute(metrics, TOKEN))
  const scrape = async () =>
    (await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text()
  return { app, metrics, scrape }
}

describe("the HTTP metrics", () => {
  it("label a request by its route pattern, never the address asked", async () => {
    const { app, scrape } = countedApp()
    await app.request("/pedidos/LEG-000123")
    await app.request("/pedidos/LEG-000124")
    const text = await scrape()
    expect(text).toContain('store_http_requests_total{method="GET",route="/pedidos/:id",status="2xx"} 2')
    expect(text).not.toContain("LEG-000")
  })

  it("count an error answered by Hono as a 5xx, and fold invented methods", async () => {
    const { app, scrape } = countedApp()
    await app.request("/boom", { method: "POST" })
    await app.request("/pedidos/1", { method: "BREW" })
    const text = await scrape()
    expect(text).toContain('store_http_requests_total{method="POST",route="/boom",status="5xx"} 1')
    expect(text).toContain('method="OTHER"')
    expect(text).not.toContain("BREW")
  })

  it("count the page cache's hits from its answers", async () => {
    const { app, scrape } = countedApp()
    await app.request("/colecoes")
    expect(await scrape()).toContain('store_page_cache_requests_total{outcome="hit"} 1')
  })
})

describe("the store's counters", () => {
  it("read orders and payments from the events that committed", async () => {
    const metrics = new StoreMetrics()
    const ref = { orderId: "o1", userId: "u1" }
    metrics.eventsCommitted([
      domainEvent("OrderPlaced", "o1", { ...ref, number: "LEG-1", total: 1000 }),
      domainEvent("PaymentInstructionsIssued", "o1", {
        ...ref,
        paymentId: "p0",
        method: "pix",
        amount: 1000,
      }),
      domainEvent("PaymentRejected", "o1", { ...ref, paymentId: "p1", method: "card", statusDetail: null }),
      domainEvent("PaymentApproved", "o1", {
        ...ref,
        paymentId: "p2",
        method: "card",
        amount: 1000,
        installments: 1,
      }),
      domainEvent("CartMerged", "u1", { userId: "u1", cart: [], addedLines: 0 }),
    ])
    const text = await metrics.registry.metrics()
    expect(text).toContain("store_orders_placed_total 1")
    expect(text).toContain("store_orders_paid_total 1")
    expect(text).toContain('store_payments_total{outcome="pending",method="pix"} 1')
    expect(text).toContain('store_payments_total{outcome="rejected",method="card"} 1')
    expect(text).toContain('store_payments_total{outcome="approved",method="card"} 1')
  })

  it("say when the database could not be read at the scrape", async () => {
    const metrics = new StoreMetrics()
    metrics.readAtScrape(() => Promise.reject(new Error("connection refused")))
    expect(await metrics.scrape()).toMatch(/^store_scrape_database_up 0$/m)
  })
})

describe("the metrics token", () => {
  it("is taken from a Bearer header only, whole", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false)
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false)
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false)
    expect(bearerMatches(undefined, TOKEN)).toBe(false)
    expect(bearerMatches("Bearer ", TOKEN)).toBe(false)
  })
})
