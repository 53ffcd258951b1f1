import { Writable } from "node:stream"
import { gunzipSync } from "node:zlib"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { createApp } from "../../server/app"
import { ConfigError, loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { testTarget } from "../support/databases"
import { STORE_DAY, storeClockEnv } from "../support/storeClock"
import { clockNow } from "../support/storeRuntime"

const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  ...storeClockEnv(STORE_DAY),
})
const runtime = createAppRuntime(config, { database: await testTarget(config) })
let app: Awaited<ReturnType<typeof createApp>>

beforeAll(async () => {
  const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
  await seedDemoCatalog(db, await clockNow(runtime))
  app = await createApp({
    config,
    runtime,
    logger: createLogger("silent"),
    manifest: () => ({ routes: {} }),
    render: async () =>
      new Response(`<!doctype html><p>${"Olá ".repeat(500)}</p>`, {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
  })
})
afterAll(() => runtime.dispose())

describe("configuration", () => {
  it("stops with a pt-BR message naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError)
    expect(() => loadConfig({ WHATSAPP_NUMBER: "(11) 9999" })).toThrow(/WHATSAPP_NUMBER/)
    expect(loadConfig({ PLANS_HIDDEN_NAMES: "Goku, Naruto" }).PLANS_HIDDEN_NAMES).toEqual(["Goku", "Naruto"])
  })
})

describe("logging", () => {
  it("redacts secrets and credentials", () => {
    let out = ""
    const sink = new Writable({
      write(chunk, _encoding, done) {
        out += chunk
        done()
      },
    })
    createLogger("info", sink).info(
      { password: "hunter2", user: { token: "abc" }, headers: { authorization: "Bearer x" } },
      "login",
    )
    expect(out).not.toMatch(/hunter2|"abc"|Bearer x/)
    expect(out).toContain("[redacted]")
  })
})

describe("HTTP edge", () => {
  it("answers health and readiness", async () => {
    expect((await app.request("/healthz")).status).toBe(200)
    expect(await (await app.request("/readyz")).json()).toEqual({ status: "ready", database: "ok" })
  })

  it("serves artwork with immutable caching, bitmap variants at allowed widths only", async () => {
    const svg = await app.request("/media/cover-lendas-do-anime.svg")
    expect(svg.status).toBe(200)
    expect(svg.headers.get("cache-control")).toContain("immutable")
    expect(svg.headers.get("content-security-policy")).toContain("sandbox")
    const etag = svg.headers.get("etag") ?? ""
    expect(
      (await app.request("/media/cover-lendas-do-anime.svg", { headers: { "if-none-match": etag } })).status,
    ).toBe(304)
    const webp = await app.request("/media/cover-lendas-do-anime.webp?w=384")
    expect(webp.headers.get("content-type")).toBe("image/webp")
    expect(new Uint8Array(await webp.arrayBuffer()).slice(8, 12)).toEqual(new TextEncoder().encode("WEBP"))
    expect((await app.request("/media/cover-lendas-do-anime.webp?w=333")).status).toBe(400)
    expect((await app.request("/media/nao-existe.svg")).status).toBe(404)
    expect((await app.request("/media/..%2Fsecret.svg")).status).toBe(404)
  })

  it("maps a use-case error to the spec's text and status", async () => {
    const res = await app.request(
      "/api/trpc/catalog.collection?input=" +
        encodeURIComponent(JSON.stringify({ json: { id: "nao-existe" } })),
    )
    expect(res.status).toBe(404)
    expect(JSON.stringify(await res.json())).toContain("Coleção não encontrada")
  })

  it("refuses bad input without side effects", async () => {
    const res = await app.request("/api/trpc/store.subscribeNewsletter", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ json: { email: "nao-e-email" } }),
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain("E-mail inválido")
  })

  it("refuses a cross-site write (CSRF) before running anything", async () => {
    const res = await app.request("/api/trpc/store.subscribeNewsletter", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ json: { email: "vitima@example.com" } }),
    })
    expect(res.status).toBe(403)
  })

  it("compresses pages and API answers for browsers that accept it, with security headers", async () => {
    const res = await app.request("/", { headers: { "accept-encoding": "gzip" } })
    expect(res.headers.get("content-encoding")).toBe("gzip")
    expect(res.headers.get("x-content-type-options")).toBe("nosniff")
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain("Olá Olá")
    const plain = await app.request("/")
    expect(plain.headers.get("content-encoding")).toBeNull()
  })
})
