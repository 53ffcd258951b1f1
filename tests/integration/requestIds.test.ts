import { Writable } from "node:stream"
import { fetchRequestHandler } from "@trpc/server/adapters/fetch"
import { Effect, Semaphore } from "effect"
import { Hono } from "hono"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import { ERROR_ID_PATTERN } from "../../domain/errorId"
import { createApp } from "../../server/app"
import { loadConfig } from "../../server/config"
import { requestIds } from "../../server/http/requestId"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { router } from "../../server/trpc/init"
import { publicProcedure } from "../../server/trpc/procedures"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"

const ORIGIN = "http://localhost:3000"
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
})
const behindProxy = { ...config, TRUST_PROXY: true }

type Line = Record<string, unknown> & { msg?: string; requestId?: string }
const lines: Line[] = []
const logger = createLogger(
  "debug",
  new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line)
      done()
    },
  }),
)
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false, logger })
let direct: Awaited<ReturnType<typeof apiApp>>
let proxied: Awaited<ReturnType<typeof apiApp>>

beforeAll(async () => {
  direct = await apiApp(runtime, config, logger)
  proxied = await apiApp(runtime, behindProxy, logger)
})
afterAll(() => runtime.dispose())

const linesOf = (requestId: string | null) => lines.filter((line) => line.requestId === requestId)
const idOf = (response: Response) => response.headers.get("x-request-id") ?? ""

describe("request ids", () => {
  it("gives each request a fresh id, answered in the header and carried by the request's log lines", async () => {
    const first = await direct.request("/healthz")
    const second = await direct.request("/healthz")
    expect(idOf(first)).toMatch(ERROR_ID_PATTERN)
    expect(idOf(second)).not.toBe(idOf(first))
    expect(linesOf(idOf(first))).toContainEqual(expect.objectContaining({ path: "/healthz", status: 200 }))
  })

  it("keeps the id our proxy sent, and only a sane one", async () => {
    const fromProxy = await proxied.request("/healthz", { headers: { "x-request-id": "lb-7f3a/42:z" } })
    expect(idOf(fromProxy)).toBe("lb-7f3a/42:z")
    expect(linesOf("lb-7f3a/42:z")).toContainEqual(expect.objectContaining({ path: "/healthz" }))
    for (const bad of ["x".repeat(129), "two words", "não", "tab\there"]) {
      const replaced = await proxied.request("/healthz", { headers: { "x-request-id": bad } })
      expect(idOf(replaced)).toMatch(ERROR_ID_PATTERN)
    }
  })

  it("does not take the id from a client when no proxy of ours stands in front", async () => {
    const claimed = await direct.request("/healthz", { headers: { "x-request-id": "chosen-by-client" } })
    expect(idOf(claimed)).toMatch(ERROR_ID_PATTERN)
    expect(linesOf("chosen-by-client")).toEqual([])
  })

  it("names the request's code in a failed procedure's message and in its log line", async () => {
    const { db } = await runtime.runPromise(Db.use((service) => Effect.succeed(service)))
    await sql`alter table newsletter_subscriptions rename to newsletter_gone`.execute(db)
    try {
      const res = await proxied.request("/api/trpc/store.subscribeNewsletter", {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-request-id": "lb-failing-1" },
        body: JSON.stringify({ json: { email: "nova@example.com" } }),
      })
      expect(res.status).toBe(500)
      expect(idOf(res)).toBe("lb-failing-1")
      const body = (await res.json()) as { error: { json: { message: string } } }
      expect(body.error.json.message).toBe("Erro inesperado. Código do erro: lb-failing-1")
      expect(linesOf("lb-failing-1")).toContainEqual(expect.objectContaining({ msg: "procedure failed" }))
    } finally {
      await sql`alter table newsletter_gone rename to newsletter_subscriptions`.execute(db)
    }
  })

  it("shows the code on the page of a failed render, escaped", async () => {
    const failing = await createApp({
      config: behindProxy,
      runtime,
      logger,
      manifest: () => ({ routes: {} }),
      render: async () => {
        throw new Error("render broke")
      },
    })
    const res = await failing.request("/colecoes", { headers: { "x-request-id": "lb<9>" } })
    expect(res.status).toBe(500)
    expect(await res.text()).toContain("<p>Código do erro: lb&lt;9&gt;</p>")
    expect(linesOf("lb<9>")).toContainEqual(expect.objectContaining({ msg: "render failed" }))
  })
})

describe("a use case run for a request", () => {
  // No procedure of the store logs through Effect on a path a test can reach without a payment outage: a
  // procedure of the store's own kind (publicProcedure's `run`) stands in for one. Its requests queue for one
  // shared resource, as they do for the embedded database's one connection: a fiber woken by another request's
  // release runs in that request's async context.
  const oneAtATime = Semaphore.makeUnsafe(1)
  const steps = router({
    step: publicProcedure.query(({ ctx }) =>
      ctx.run(
        Effect.sleep("10 millis").pipe(
          Effect.andThen(Effect.logInfo("use case step")),
          Semaphore.withPermit(oneAtATime),
          Effect.as("ok"),
        ),
      ),
    ),
    // A router's own fault, outside any use case: its raw message must not reach the client.
    broken: publicProcedure.query(() => {
      throw new Error('relation "auth_user_secrets" does not exist')
    }),
  })
  const app = new Hono().use(requestIds({ trustProxy: true, runtime })).all("/api/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: steps,
      createContext: () => ({
        runtime,
        logger,
        auth: null as never,
        viewer: null,
        headers: c.req.raw.headers,
        clientIp: "127.0.0.1",
      }),
    }),
  )

  it("logs through Effect with its own request's id, also when requests overlap", async () => {
    const ids = ["lb-step-1", "lb-step-2", "lb-step-3"]
    const answers = await Promise.all(
      ids.map((id) => app.request("/api/trpc/step", { headers: { "x-request-id": id } })),
    )
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200])
    for (const id of ids) expect(linesOf(id).filter((line) => line.msg === "use case step")).toHaveLength(1)
  })

  it("hides a fault raised outside any use case behind the request's code", async () => {
    const res = await app.request("/api/trpc/broken", { headers: { "x-request-id": "lb-raw-1" } })
    expect(res.status).toBe(500)
    const body = (await res.json()) as { error: { json: { message: string } } }
    expect(body.error.json.message).toBe("Erro inesperado. Código do erro: lb-raw-1")
    expect(JSON.stringify(body)).not.toContain("auth_user_secrets")
  })

  it("logs through Effect without an id outside any request", async () => {
    await runtime.runPromise(Effect.logInfo("outside any request"))
    expect(lines.find((line) => line.msg === "outside any request")).not.toHaveProperty("requestId")
  })
})
