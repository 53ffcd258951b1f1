import type { Browser } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "../support/browser"
import { type RunningServer, startServer } from "../support/server"

let browser: Browser
// Three stores at once (the endpoint, none, a broken one): each waits 5 s after load, so they run side by side.
let servers: Record<"reporting" | "quiet" | "broken", RunningServer>

beforeAll(async () => {
  const [reporting, quiet, broken, launched] = await Promise.all([
    startServer({ VITALS_ENDPOINT: "/api/vitals" }),
    startServer({}),
    startServer({ VITALS_ENDPOINT: "/api/nada" }),
    launchBrowser(),
  ])
  servers = { reporting, quiet, broken }
  browser = launched
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(Object.values(servers ?? {}).map((server) => server.stop()))
})

async function pageOf(server: RunningServer) {
  const context = await browser.newContext({ locale: "pt-BR" })
  const page = await context.newPage()
  const logs: { type: string; text: string }[] = []
  page.on("console", (m) => logs.push({ type: m.type(), text: m.text() }))
  return { server, page, logs }
}

describe("web vitals report", () => {
  it("posts the page's metrics and score to the configured endpoint 5 s after load, and the store accepts them", async () => {
    const { server, page, logs } = await pageOf(servers.reporting)
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/vitals") && r.method() === "POST", {
      timeout: 20_000,
    })
    const started = Date.now()
    await page.goto(`${server.url}/colecoes`)
    const request = await posted
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000)
    const body = JSON.parse(request.postData() ?? "{}")
    expect(body).toMatchObject({ url: `${server.url}/colecoes`, userAgent: expect.any(String) })
    expect(body.metrics.FCP).toBeGreaterThan(0)
    expect(body.metrics.TTFB).toBeGreaterThanOrEqual(0)
    expect(body.performanceScore).toBeGreaterThanOrEqual(0)
    expect((await request.response())?.status()).toBe(204)
    expect(logs.some((l) => l.type === "info" && l.text.startsWith("Desempenho da página:"))).toBe(true)
  })

  it("sends nothing without an endpoint, and a failing endpoint is only a console warning", async () => {
    const quiet = await pageOf(servers.quiet)
    const broken = await pageOf(servers.broken)
    const sent: string[] = []
    quiet.page.on("request", (r) => r.method() === "POST" && sent.push(r.url()))
    await Promise.all([quiet.page.goto(`${quiet.server.url}/`), broken.page.goto(`${broken.server.url}/`)])
    await expect
      .poll(() => quiet.logs.some((l) => l.text.startsWith("Desempenho da página:")), { timeout: 15_000 })
      .toBe(true)
    expect(sent).toEqual([])
    await expect
      .poll(
        () => broken.logs.some((l) => l.type === "warning" && l.text.includes("métricas de desempenho")),
        { timeout: 15_000 },
      )
      .toBe(true)
    expect(broken.logs.filter((l) => l.type === "error" && !l.text.includes("404"))).toEqual([])
  }, 150_000)
})
