import { TRPCError } from "@trpc/server"
import { afterAll, describe, expect, it } from "vitest"
import type { Auth } from "../../../adapters/auth/betterAuth"
import type { Viewer } from "../../../application/ports/CurrentUser"
import { testTarget } from "../../../tests/support/databases"
import { loadConfig } from "../../config"
import { createLogger } from "../../logger"
import { createAppRuntime } from "../../runtime"
import { appRouter } from "../appRouter"
import { createCallerFactory } from "../init"

// The coupons procedures on the real composition: the use case's answers as the screen reads them (who may call
// them is adminAuthorisation.test.ts's matrix, read from the router).
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
})
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
const caller = createCallerFactory(appRouter)
const as = (viewer: Viewer | null) =>
  caller({
    runtime,
    logger: createLogger("silent"),
    auth: undefined as unknown as Auth,
    viewer,
    headers: new Headers(),
    clientIp: "10.9.8.7",
  })
const person = (id: string, role: Viewer["role"]): Viewer => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role,
  emailVerified: true,
})
const moderator = person("mod", "moderator")

const FOREIGN_ID = "00000000-0000-4000-8000-000000000042"
const DRAFT = {
  code: "PROMO10",
  type: "percentage" as const,
  value: 10,
  minimumOrderValue: 0,
  maximumDiscount: null,
  maxUses: null,
  validFrom: "2026-11-01",
  validUntil: null,
}

const codeOf = async (call: Promise<unknown>) => {
  try {
    await call
    return "OK"
  } catch (error) {
    return error instanceof TRPCError ? `${error.code} ${error.message}` : String(error)
  }
}

afterAll(() => runtime.dispose())

describe("the coupons procedures", () => {
  it("let a moderator create, list and duplicate; a taken code and an unknown id answer in pt-BR", async () => {
    const mod = as(moderator)
    const created = await mod.admin.coupons.create({ ...DRAFT, code: "promo10" })
    expect(created).toMatchObject({ code: "PROMO10", status: "active", totalUses: 0 })
    expect(await codeOf(mod.admin.coupons.create(DRAFT))).toBe(
      "BAD_REQUEST Já existe um cupom com este código",
    )
    expect(await codeOf(mod.admin.coupons.create({ ...DRAFT, code: "" }))).toBe(
      "BAD_REQUEST Código do cupom é obrigatório",
    )
    expect(await codeOf(mod.admin.coupons.remove({ id: FOREIGN_ID }))).toBe("NOT_FOUND Cupom não encontrado")
    expect((await mod.admin.coupons.duplicate({ id: created.id })).code).toBe("PROMO10-COPIA")
    const page = await mod.admin.coupons.list({ search: "promo", status: "inactive" })
    expect(page).toMatchObject({
      total: 1,
      counts: { total: 2, active: 1 },
      rows: [{ code: "PROMO10-COPIA" }],
    })
  })
})
