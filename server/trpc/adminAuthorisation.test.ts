import { TRPCError } from "@trpc/server"
import { afterAll, describe, expect, it } from "vitest"
import type { Auth } from "../../adapters/auth/betterAuth"
import type { Viewer } from "../../application/ports/CurrentUser"
import { can } from "../../domain/accounts/roles"
import { testTarget } from "../../tests/support/databases"
import { loadConfig } from "../config"
import { createLogger } from "../logger"
import { createAppRuntime } from "../runtime"
import { appRouter } from "./appRouter"
import { createCallerFactory, type ProcedureMeta } from "./init"

/**
 * The authorisation matrix of the administration (spec 000 §6), read from the router itself so a new
 * procedure cannot be forgotten: every `admin.*` procedure declares its permission, refuses a visitor
 * (UNAUTHORIZED) and a customer (FORBIDDEN) whatever the input, ids of other people's records included, and
 * refuses a moderator exactly when the permission table says so. The permission check runs before the input is
 * read, so a refusal never depends on guessing a valid input; a moderator's allowed call is refused by the input
 * (BAD_REQUEST) or served, never FORBIDDEN.
 */
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
})
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
afterAll(() => runtime.dispose())

const person = (role: Viewer["role"]): Viewer => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  name: role,
  role,
  emailVerified: true,
})

type Caller = Record<string, unknown>
const callerFor = (viewer: Viewer | null) =>
  createCallerFactory(appRouter)({
    runtime,
    logger: createLogger("silent"),
    auth: undefined as unknown as Auth,
    viewer,
    headers: new Headers(),
    clientIp: "10.9.8.7",
  }) as unknown as Caller

const procedures = Object.entries(
  (appRouter._def as unknown as { procedures: Record<string, { _def: { meta?: ProcedureMeta } }> })
    .procedures,
)
const admin = procedures.filter(([path]) => path.startsWith("admin."))

/** Calls `path` with an input aimed at someone else's record: an IDOR attempt where the procedure takes ids. */
async function codeOf(viewer: Viewer | null, path: string): Promise<string> {
  const callable = path.split(".").reduce<unknown>((node, key) => (node as Caller)[key], callerFor(viewer))
  const foreignIds = {
    id: "00000000-0000-4000-8000-00000000beef",
    orderId: "00000000-0000-4000-8000-00000000beef",
    userId: "someone-else",
    collectionId: "00000000-0000-4000-8000-00000000beef",
  }
  try {
    await (callable as (input: unknown) => Promise<unknown>)(foreignIds)
    return "OK"
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error)
  }
}

describe("the administration's authorisation matrix", () => {
  it("has admin procedures to check", () => {
    expect(admin.length).toBeGreaterThan(10)
  })

  it.each(admin)("%s declares the permission it requires", (_path, procedure) => {
    expect(procedure._def.meta?.permission).toBeDefined()
  })

  it.each(admin)("%s refuses a visitor and a customer", async (path) => {
    expect(await codeOf(null, path)).toBe("UNAUTHORIZED")
    expect(await codeOf(person("user"), path)).toBe("FORBIDDEN")
  })

  it.each(admin)("%s follows the permission table for a moderator", async (path, procedure) => {
    const permission = procedure._def.meta?.permission
    const code = await codeOf(person("moderator"), path)
    if (permission && can("moderator", permission)) expect(code).not.toMatch(/^(UNAUTHORIZED|FORBIDDEN)$/)
    else expect(code).toBe("FORBIDDEN")
  })
})
