import { TRPCError } from "@trpc/server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Viewer } from "../../application/ports/CurrentUser"
import { loadConfig } from "../../server/config"
import { ADMIN_ORDERS_CSV_PATH } from "../../server/http/adminOrdersCsv"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { appRouter } from "../../server/trpc/appRouter"
import { createCallerFactory } from "../../server/trpc/init"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"

const config = loadConfig({ DATA_DIR: ":memory:", LOG_LEVEL: "silent", NODE_ENV: "test" })
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
let app: Awaited<ReturnType<typeof apiApp>>
const logger = createLogger("silent")

const viewer = (role: Viewer["role"]): Viewer => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  name: role,
  role,
  emailVerified: true,
})

const callerFor = (who: Viewer | null) =>
  createCallerFactory(appRouter)({
    runtime,
    logger,
    auth: null as never,
    viewer: who,
    headers: new Headers(),
    clientIp: "127.0.0.1",
  }).admin.orders

const ORDER_ID = "00000000-0000-4000-8000-000000000001"
/** Every procedure of the order administration, called as the page calls it. */
const CALLS: Readonly<Record<string, (c: ReturnType<typeof callerFor>) => Promise<unknown>>> = {
  list: (c) => c.list({}),
  collections: (c) => c.collections(),
  get: (c) => c.get({ orderId: ORDER_ID }),
  exportCsv: (c) => c.exportCsv({}),
}

const codeOf = async (call: Promise<unknown>) => {
  try {
    await call
    return "OK"
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error)
  }
}

beforeAll(async () => {
  app = await apiApp(runtime, config, logger)
})
afterAll(() => runtime.dispose())

describe("order administration: permission manage_orders", () => {
  it.each(Object.keys(CALLS))(
    "%s refuses a customer (FORBIDDEN) and a visitor (UNAUTHORIZED)",
    async (name) => {
      const call = CALLS[name]
      if (!call) throw new Error(name)
      expect(await codeOf(call(callerFor(viewer("user"))))).toBe("FORBIDDEN")
      expect(await codeOf(call(callerFor(null)))).toBe("UNAUTHORIZED")
    },
  )

  it("lets administrators and moderators in", async () => {
    for (const role of ["admin", "moderator"] as const) {
      const c = callerFor(viewer(role))
      expect(await c.list({})).toMatchObject({ total: 0, rows: [], page: 1 })
      expect(await codeOf(c.get({ orderId: ORDER_ID }))).toBe("NOT_FOUND")
      expect((await c.exportCsv({})).body.startsWith("\uFEFFNúmero;")).toBe(true)
    }
  })

  it("tells a customer why, in pt-BR", async () => {
    await expect(callerFor(viewer("user")).list({})).rejects.toThrow(
      "Acesso negado. Você não tem permissão para acessar esta funcionalidade.",
    )
  })

  it("serves the CSV download to nobody without a session", async () => {
    const res = await app.request(ADMIN_ORDERS_CSV_PATH)
    expect(res.status).toBe(401)
    expect(await res.text()).toBe("Faça login para continuar")
    expect(res.headers.get("content-disposition")).toBeNull()
  })
})
