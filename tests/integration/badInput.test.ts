import { Writable } from "node:stream"
import fc from "fast-check"
import superjson from "superjson"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { INVALID_TEXT_MESSAGE } from "../../domain/controlCharacters"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { appRouter } from "../../server/trpc/appRouter"
import type { ProcedureMeta } from "../../server/trpc/init"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"
import { runtimeDb } from "../support/storeRuntime"
import { awkwardText, inputsFor, junk } from "../support/zodArbitrary"

/**
 * Whatever a visitor or a signed-in customer sends, the store answers 4xx or 2xx, never 5xx: fast-check drives
 * every procedure of the router (read from the router, so a new one is covered) and the account endpoints with
 * inputs shaped like their schemas, texts full of control characters, emoji and long runs, and junk of any type.
 * The store is its own: an embedded database with nothing but the collector this file signs up.
 */
const ORIGIN = "http://localhost:3000"
const SEED = 20261207
/** About 30 s on an idle machine for the two procedure sweeps; room for a busy one (2 cores, shared). */
const SWEEP_TIMEOUT_MS = 120_000
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
  PUBLIC_URL: ORIGIN,
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

const COLLECTOR = { email: "fuzz@example.com", password: "Colecionador2026", name: "Fuzz Silva" }
let customerCookie = ""

beforeAll(async () => {
  app = await apiApp(runtime, config, createLogger("warn", logSink))
  expect((await postJson("/api/auth/sign-up/email", COLLECTOR)).status).toBe(200)
  const db = await runtimeDb(runtime)
  await db
    .updateTable("auth_user")
    .set({ emailVerified: true })
    .where("email", "=", COLLECTOR.email)
    .execute()
  const signIn = await postJson("/api/auth/sign-in/email", {
    email: COLLECTOR.email,
    password: COLLECTOR.password,
  })
  expect(signIn.status).toBe(200)
  customerCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
})
afterAll(() => runtime.dispose())

function postJson(path: string, body: unknown, cookie = "") {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
}

interface Procedure {
  readonly _def: { type: string; meta?: ProcedureMeta; inputs: readonly unknown[] }
}
const procedures = Object.entries(
  (appRouter._def as unknown as { procedures: Record<string, Procedure> }).procedures,
).filter(([, p]) => p._def.type !== "subscription")

/** Calls a procedure over HTTP as the browser's tRPC client does: queries by GET, mutations by POST. */
function call(path: string, procedure: Procedure, input: unknown, cookie: string) {
  const wire = input === undefined ? undefined : JSON.stringify(superjson.serialize(input))
  if (procedure._def.type === "query")
    return app.request(`/api/trpc/${path}${wire === undefined ? "" : `?input=${encodeURIComponent(wire)}`}`, {
      headers: cookie ? { cookie } : {},
    })
  return app.request(`/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(wire === undefined ? {} : { body: wire }),
  })
}

interface ServerError {
  readonly path: string
  readonly status: number
  readonly input: string
}

const shown = (input: unknown) => {
  const text = JSON.stringify(input) ?? String(input)
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/** Runs the fuzz over one request maker and returns the 5xx answers it found (one per target, the smallest). */
async function serverErrors<T>(
  targets: readonly (readonly [string, T])[],
  inputs: (target: T) => fc.Arbitrary<unknown>,
  send: (path: string, target: T, input: unknown) => Response | Promise<Response>,
  numRuns: number,
): Promise<ServerError[]> {
  const found: ServerError[] = []
  for (const [path, target] of targets) {
    let status = 0
    const result = await fc.check(
      fc.asyncProperty(inputs(target), async (input) => {
        status = (await send(path, target, input)).status
        return status < 500
      }),
      { seed: SEED, numRuns, endOnFailure: true },
    )
    if (result.failed) found.push({ path, status, input: shown(result.counterexample?.[0]) })
  }
  return found
}

const procedureInputs = (procedure: Procedure) =>
  procedure._def.inputs.length ? inputsFor(procedure._def.inputs[0]) : fc.oneof(fc.constant(undefined), junk)

const newLogLines = async (act: () => Promise<void>) => {
  const before = logged.length
  await act()
  return logged.slice(before).join("").trim().split("\n").filter(Boolean)
}

describe("a control character in a text is refused in pt-BR, with one line of log", () => {
  it("by every procedure, before its schema and the database", async () => {
    let res: Response | undefined
    const lines = await newLogLines(async () => {
      res = await call(
        "shelf.get",
        procedures.find(([p]) => p === "shelf.get")![1],
        { userId: "a\u0000b" },
        "",
      )
    })
    expect(res?.status).toBe(400)
    const body = (await res?.json()) as { error: { json: { message: string; data: { code: string } } } }
    expect(body.error.json.message).toBe(INVALID_TEXT_MESSAGE)
    expect(body.error.json.data.code).toBe("BAD_REQUEST")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("shelf.get")
    expect(lines.join("")).not.toMatch(/stack|at .*\(|a\\u0000b/)
  })

  it("by the account endpoints, as their other refusals are written", async () => {
    let res: Response | undefined
    const lines = await newLogLines(async () => {
      res = await postJson("/api/auth/sign-in/email", {
        email: "a\u0000@example.com",
        password: "x".repeat(10),
      })
    })
    expect(res?.status).toBe(400)
    expect(await res?.json()).toEqual({ code: "INVALID_TEXT", message: INVALID_TEXT_MESSAGE })
    expect(lines).toHaveLength(1)
    expect(lines.join("")).not.toMatch(/stack|example\.com/)
  })

  it("in an address (path or query), whichever route it is for", async () => {
    for (const path of ["/api/auth/reset-password/a%00b", "/sandbox/pagamentos/%00", "/colecoes?x=%01"])
      expect((await app.request(path)).status).toBe(400)
  })

  it("while a text of several lines keeps its tabs and line breaks", async () => {
    const res = await call(
      "shelf.get",
      procedures.find(([p]) => p === "shelf.get")![1],
      { userId: "a\n\tb" },
      "",
    )
    expect(res.status).toBeLessThan(500)
    expect(res.status).not.toBe(400)
  })
})

describe("no input makes the store answer 5xx", () => {
  it(
    "for a visitor, on every procedure a visitor may call",
    async () => {
      // The ones that ask for sign-in do so before reading the input (server/trpc/adminAuthorisation.test.ts).
      const visitors = []
      for (const [path, procedure] of procedures)
        if ((await call(path, procedure, undefined, "")).status !== 401)
          visitors.push([path, procedure] as const)
      expect(visitors.length).toBeGreaterThan(15)
      const found = await serverErrors(
        visitors,
        procedureInputs,
        (path, procedure, input) => call(path, procedure, input, ""),
        10,
      )
      expect(found).toEqual([])
    },
    SWEEP_TIMEOUT_MS,
  )

  it(
    "for a signed-in customer, on every procedure a customer may call",
    async () => {
      const customers = procedures.filter(([, p]) => !p._def.meta?.permission)
      const found = await serverErrors(
        customers,
        procedureInputs,
        (path, procedure, input) => call(path, procedure, input, customerCookie),
        6,
      )
      expect(found).toEqual([])
    },
    SWEEP_TIMEOUT_MS,
  )

  it(
    "on the account endpoints (sign-in, sign-up, password reset, e-mail confirmation)",
    async () => {
      const text = fc.oneof(awkwardText, fc.emailAddress())
      const body = fc.oneof(
        { weight: 5, arbitrary: fc.record({ email: text, password: text, name: text, callbackURL: text }) },
        { weight: 1, arbitrary: junk },
      )
      const endpoints = [
        "/api/auth/sign-in/email",
        "/api/auth/sign-up/email",
        "/api/auth/request-password-reset",
        "/api/auth/send-verification-email",
        "/api/auth/reset-password",
      ].map((path) => [path, null] as const)
      const found = await serverErrors(
        endpoints,
        () => body,
        (path, _none, input) => postJson(path, input),
        8,
      )
      expect(found).toEqual([])
    },
    SWEEP_TIMEOUT_MS,
  )
})
