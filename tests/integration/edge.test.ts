import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Writable } from "node:stream"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { trustedOrigins } from "../../server/auth"
import { loadConfig } from "../../server/config"
import { staticAssets } from "../../server/http/staticAssets"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"

const ORIGIN = "http://localhost:3000"
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
})
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
let app: Awaited<ReturnType<typeof apiApp>>
const logged: string[] = []
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk))
    done()
  },
})

beforeAll(async () => {
  app = await apiApp(runtime, config, createLogger("error", logSink))
})
afterAll(() => runtime.dispose())

const post = (path: string, body: string, origin = ORIGIN) =>
  app.request(path, { method: "POST", headers: { "content-type": "application/json", origin }, body })
const json = async (res: Response) =>
  (await res.json()) as { error: { json: { message: string; data: Record<string, unknown> } } }

describe("the HTTP edge refuses bad requests cleanly", () => {
  it("answers a malformed percent-escape with 400", async () => {
    for (const path of ["/%", "/%zz", "/colecoes/%E0%A4%A"])
      expect((await app.request(path)).status).toBe(400)
  })

  it("refuses a large body before reading it", async () => {
    const res = await post(
      "/api/trpc/store.subscribeNewsletter",
      JSON.stringify({ json: { email: "x".repeat(200_000) } }),
    )
    expect(res.status).toBe(413)
  })

  it("caps tRPC batches", async () => {
    const paths = Array(11).fill("catalog.collections").join(",")
    const res = await app.request(`/api/trpc/${paths}?batch=1&input={}`)
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain("Chamadas demais em um só pedido")
  })

  it("speaks pt-BR for unknown procedures, wrong methods and invalid input, with field errors and no stack", async () => {
    const unknown = await app.request("/api/trpc/nao.existe")
    expect(unknown.status).toBe(404)
    expect((await json(unknown)).error.json.message).toBe("Rota não encontrada")
    const wrongMethod = await app.request("/api/trpc/store.subscribeNewsletter")
    expect(wrongMethod.status).toBe(405)
    expect((await json(wrongMethod)).error.json.message).toBe("Método não permitido para esta rota")
    const invalid = await post("/api/trpc/store.subscribeNewsletter", JSON.stringify({ json: { email: 42 } }))
    expect(invalid.status).toBe(400)
    const body = await json(invalid)
    expect(body.error.json.data.fieldErrors).toEqual({
      email: expect.stringMatching(/[Ee]ntrada inválida|esperado/),
    })
    expect(body.error.json.message).toBe((body.error.json.data.fieldErrors as Record<string, string>).email)
    expect(JSON.stringify(body)).not.toMatch(/"stack"|invalid_type|Expected/)
  })

  it("answers an overlong id in a page path with not found, not a validation error", async () => {
    const id = "x".repeat(500)
    const res = await app.request(
      `/api/trpc/catalog.collection?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
    )
    expect(res.status).toBe(404)
    expect((await json(res)).error.json.message).toBe("Coleção não encontrada")
  })

  it("subscribes to the newsletter through every real adapter on the embedded database (no deadlock)", async () => {
    const res = await post(
      "/api/trpc/store.subscribeNewsletter",
      JSON.stringify({ json: { email: "nova@example.com" } }),
    )
    expect(res.status).toBe(200)
    expect(JSON.stringify(await res.json())).toContain('"ok":true')
  }, 10_000)

  it("never lets a cache keep an API answer", async () => {
    const res = await app.request("/api/trpc/account.me")
    expect(res.headers.get("cache-control")).toBe("no-store")
    const session = await app.request("/api/auth/get-session")
    expect(session.headers.get("cache-control")).toContain("no-store")
  })

  it("trusts the public URL (and its loopback aliases), never the request's Host", async () => {
    const spoofed = await app.request("/api/trpc/store.subscribeNewsletter", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://evil.example", host: "evil.example" },
      body: JSON.stringify({ json: { email: "a@example.com" } }),
    })
    expect(spoofed.status).toBe(403)
    expect(trustedOrigins("http://localhost:3000")).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ])
    expect(trustedOrigins("https://loja.example", ["https://admin.loja.example"])).toEqual([
      "https://loja.example",
      "https://admin.loja.example",
    ])
  })

  it("logs the id an error page born in the browser shows, and nothing malformed", async () => {
    const errorId = "eb_mia2b3c4_k9x8y7z6"
    const ok = await post(
      "/api/client-errors",
      JSON.stringify({ errorId, message: "boom", path: "/colecoes" }),
    )
    expect(ok.status).toBe(204)
    expect(logged.join("")).toContain(errorId)
    const bad = await post("/api/client-errors", JSON.stringify({ errorId: "<script>", message: "x" }))
    expect(bad.status).toBe(400)
  })

  it("limits error reports per client even when the client sends its own address header", async () => {
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      const res = await app.request("/api/client-errors", {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-store-client-ip": `10.0.0.${i}` },
        body: JSON.stringify({ errorId: "eb_mia2b3c4_k9x8y7z6", message: "boom", path: "/" }),
      })
      statuses.push(res.status)
    }
    expect(statuses).toContain(429)
  })

  it("does not serve the build's dot folders (Vite's manifest)", async () => {
    const root = mkdtempSync(join(tmpdir(), "static-"))
    mkdirSync(join(root, ".vite"))
    writeFileSync(join(root, ".vite", "manifest.json"), "{}")
    writeFileSync(join(root, "robots.txt"), "User-agent: *")
    const files = new Hono().use(staticAssets(root)).all("*", (c) => c.text("nada", 404))
    expect((await files.request("/.vite/manifest.json")).status).toBe(404)
    expect((await files.request("/%2Evite/manifest.json")).status).toBe(404)
    expect((await files.request("/robots.txt")).status).toBe(200)
  })
})
