import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import { loadConfig } from "../../server/config"
import { VITALS_PER_MINUTE } from "../../server/http/vitals"
import { createAppRuntime } from "../../server/runtime"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"

const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
  // Each test speaks from its own address (X-Forwarded-For), so limits do not mix.
  TRUST_PROXY: "true",
})
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
let app: Awaited<ReturnType<typeof apiApp>>

beforeAll(async () => {
  app = await apiApp(runtime, config)
})
afterAll(() => runtime.dispose())

const report = (overrides: Record<string, unknown> = {}) => ({
  metrics: { FCP: 900, LCP: 2600, FID: 12, INP: 80, CLS: 0.01, TTFB: 120, load: 1500 },
  performanceScore: 100,
  timestamp: Date.now(),
  url: "http://loja.test/auth/reset-password?token=segredo",
  userAgent: "Mozilla/5.0 (Linux; Android 14)",
  ...overrides,
})

const post = (body: unknown, ip = "10.0.0.1") =>
  app.request("/api/vitals", {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })

const rows = async () => {
  const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
  return db.selectFrom("web_vitals").selectAll().orderBy("recorded_at").execute()
}

describe("POST /api/vitals", () => {
  it("keeps a report with the server's own score and the path alone", async () => {
    const res = await post(report())
    expect(res.status).toBe(204)
    const [row] = await rows()
    expect(row).toMatchObject({
      path: "/auth/reset-password",
      lcp_ms: 2600,
      fid_ms: 12,
      cls: 0.01,
      load_ms: 1500,
      score: 80,
      user_agent: "Mozilla/5.0 (Linux; Android 14)",
    })
  })

  it("refuses what is not a report, and keeps nothing of it", async () => {
    const before = (await rows()).length
    for (const body of [
      "{not json",
      report({ metrics: { LCP: -1 } }),
      report({ metrics: { LCP: "lento" } }),
      report({ metrics: { EVIL: 1 } }),
      report({ performanceScore: 101 }),
      report({ url: "javascript:alert(1)".repeat(200) }),
      { metrics: {} },
    ])
      expect((await post(body, "10.0.0.2")).status).toBe(400)
    expect((await post(report({ userAgent: "x".repeat(5000) }), "10.0.0.2")).status).toBe(413)
    expect((await rows()).length).toBe(before)
  })

  it("limits each client address", async () => {
    const statuses: number[] = []
    for (let i = 0; i <= VITALS_PER_MINUTE; i++) statuses.push((await post(report(), "10.0.0.3")).status)
    expect(statuses.slice(0, VITALS_PER_MINUTE).every((s) => s === 204)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    expect((await post(report(), "10.0.0.4")).status).toBe(204)
  })
})
