import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadConfig } from "../../server/config"
import { createAppRuntime } from "../../server/runtime"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"

interface OtlpSpan {
  readonly name: string
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly attributes: ReadonlyArray<{ key: string; value: { stringValue?: string } }>
}
interface OtlpTraces {
  readonly resourceSpans: ReadonlyArray<{
    resource: { attributes: OtlpSpan["attributes"] }
    scopeSpans: ReadonlyArray<{ spans: ReadonlyArray<OtlpSpan> }>
  }>
}

/** A collector that keeps what it is sent. */
const received: { path: string; body: OtlpTraces }[] = []
let collector: Server
let endpoint: string

beforeAll(async () => {
  collector = createServer((req, res) => {
    let text = ""
    req.on("data", (chunk) => {
      text += chunk
    })
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(text) as OtlpTraces })
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve))
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => collector.close(resolve)))

const env = { DATA_DIR: ":memory:", LOG_LEVEL: "silent", NODE_ENV: "test", SEED_DEMO_DATA: "false" }

/** One catalogue page's procedure through the whole app; the runtime is disposed, which flushes its spans. */
async function listCollections(extraEnv: Record<string, string>, headers: Record<string, string> = {}) {
  const config = loadConfig({ ...env, ...extraEnv })
  const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
  try {
    const app = await apiApp(runtime, config)
    const res = await app.request("/api/trpc/catalog.collections", { headers })
    expect(res.status).toBe(200)
    return res.headers.get("x-request-id")
  } finally {
    await runtime.dispose()
  }
}

const spansOf = (traces: OtlpTraces) =>
  traces.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))
const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue

async function until<A>(find: () => A | undefined, ms = 5_000): Promise<A> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    const found = find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error("nothing arrived in time")
}

describe("tracing", () => {
  it("exports the use case's span under the request's span, which names the request", async () => {
    const proxyTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
    const proxySpan = "00f067aa0ba902b7"
    const requestId = await listCollections(
      { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "loja-teste", TRUST_PROXY: "true" },
      { "x-request-id": "lb-traced-1", traceparent: `00-${proxyTrace}-${proxySpan}-01` },
    )
    expect(requestId).toBe("lb-traced-1")
    const spans = await until(() => {
      const all = received.flatMap((r) => spansOf(r.body))
      return all.some((s) => s.name === "Catalog.listCollections") ? all : undefined
    })
    expect(received[0]?.path).toBe("/v1/traces")
    expect(received[0]?.body.resourceSpans[0]?.resource.attributes).toContainEqual({
      key: "service.name",
      value: { stringValue: "loja-teste" },
    })
    const request = spans.find((s) => attribute(s, "request.id") === "lb-traced-1")
    const useCase = spans.find((s) => s.name === "Catalog.listCollections")
    expect(request).toMatchObject({ name: "GET", traceId: proxyTrace, parentSpanId: proxySpan })
    expect(attribute(request as OtlpSpan, "url.path")).toBe("/api/trpc/catalog.collections")
    expect(useCase).toMatchObject({ traceId: proxyTrace, parentSpanId: request?.spanId })
  })

  it("sends nothing anywhere without an endpoint", async () => {
    received.length = 0
    await listCollections({})
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received).toEqual([])
  })
})
