import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { probeServices } from "../../application/status/probeServices"
import { loadConfig } from "../../server/config"
import { createAppRuntime } from "../../server/runtime"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"
import { pdfPageCount, pdfText, withoutSpaces } from "../support/pdfText"
import { STORE_DAY, storeClockEnv } from "../support/storeClock"
import { clockNow } from "../support/storeRuntime"

// The support page's server side through the app, on the seeded demo store: the collector's guide (the file,
// its headers, a new ETag when a plan changes) and the system status (JSON and tRPC, from recorded probes).
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  ...storeClockEnv(STORE_DAY),
  SUPPORT_EMAIL: "guia@legendarium.example",
})
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
let app: Awaited<ReturnType<typeof apiApp>>
let db: Db["Service"]["db"]

beforeAll(async () => {
  db = (await runtime.runPromise(Db.use((s) => Effect.succeed(s)))).db
  await seedDemoCatalog(db, await clockNow(runtime))
  app = await apiApp(runtime, config)
})
afterAll(() => runtime.dispose())

describe("GET /guia-do-colecionador.pdf", () => {
  it("answers the store's guide as an inline PDF of several pages, cacheable with an ETag", async () => {
    const response = await app.request("/guia-do-colecionador.pdf")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/pdf")
    expect(response.headers.get("content-disposition")).toBe('inline; filename="guia-do-colecionador.pdf"')
    expect(response.headers.get("cache-control")).toBe("public, max-age=600")
    const etag = response.headers.get("etag")
    expect(etag).toMatch(/^"[\w-]{32}"$/)
    const pdf = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3)
    const text = withoutSpaces(pdfText(pdf))
    const collections = await db
      .selectFrom("legendarium_collections")
      .select("name")
      .where("is_active", "=", true)
      .execute()
    expect(collections.length).toBeGreaterThan(0)
    for (const expected of [
      "Guia do Colecionador",
      "guia@legendarium.example",
      "Plano Bimestral",
      "Trimestral",
      ...collections.map((c) => c.name),
    ])
      expect(text).toContain(withoutSpaces(expected))

    const again = await app.request("/guia-do-colecionador.pdf", { headers: { "if-none-match": etag ?? "" } })
    expect(again.status).toBe(304)
    expect(again.headers.get("etag")).toBe(etag)
  })

  it("changes when the store's data change", async () => {
    const before = (await app.request("/guia-do-colecionador.pdf")).headers.get("etag")
    await db
      .updateTable("prepaid_plans")
      .set({ name: "Trimestral Especial" })
      .where("id", "=", "quarterly")
      .execute()
    const response = await app.request("/guia-do-colecionador.pdf", {
      headers: { "if-none-match": before ?? "" },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("etag")).not.toBe(before)
    expect(withoutSpaces(pdfText(new Uint8Array(await response.arrayBuffer())))).toContain(
      "TrimestralEspecial",
    )
  })
})

describe("the system status over HTTP", () => {
  it("answers GET /api/status and status.system from the recorded probes, without probing on the request", async () => {
    const empty = await (await app.request("/api/status")).json()
    expect(empty.services.map((s: { label: string }) => s.label)).toEqual(Array(4).fill("Sem dados recentes"))
    await runtime.runPromise(probeServices())
    // The read is reused for 30 seconds, except after this instance wrote new counts (the probe round did).
    const response = await app.request("/api/status")
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("public, max-age=30")
    const body = await response.json()
    expect(body.services).toEqual([
      expect.objectContaining({ service: "site", name: "Site", status: "online", label: "Online" }),
      expect.objectContaining({ service: "payments", name: "Pagamentos", label: "Online" }),
      expect.objectContaining({ service: "shipping", name: "Cálculo de frete", label: "Online" }),
      expect.objectContaining({ service: "email", name: "E-mail", label: "Online" }),
    ])
    expect(Date.parse(body.services[0].checkedAt)).toBeGreaterThan((await clockNow(runtime)) - 60_000)

    const trpc = await app.request("/api/trpc/status.system")
    expect(trpc.status).toBe(200)
    const data = (await trpc.json()).result.data.json
    expect(data.services.map((s: { label: string }) => s.label)).toEqual([
      "Online",
      "Online",
      "Online",
      "Online",
    ])
  })
})
