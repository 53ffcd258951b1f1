import { TRPCError } from "@trpc/server"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Auth } from "../../adapters/auth/betterAuth"
import { Db } from "../../adapters/db/DatabaseService"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import type { Viewer } from "../../application/ports/CurrentUser"
import { OrderStore } from "../../application/ports/OrderStore"
import { aPaidOrder } from "../../tests/fakes/orderFixtures"
import { testTarget } from "../../tests/support/databases"
import { loadConfig } from "../config"
import { createLogger } from "../logger"
import { createAppRuntime } from "../runtime"
import { adminOrdersRouter } from "./admin/ordersRouter"
import { adminPlansRouter } from "./admin/plansRouter"
import { appRouter } from "./appRouter"
import { createCallerFactory } from "./init"

// Server-side authorisation of the after-payment procedures: every admin one refuses a customer, and a
// customer never reaches another's order.
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
})
const runtime = createAppRuntime(config, { database: await testTarget(config) })
const logger = createLogger("silent")
const caller = createCallerFactory(appRouter)
const as = (viewer: Viewer | null) =>
  caller({
    runtime,
    logger,
    auth: undefined as unknown as Auth,
    viewer,
    headers: new Headers(),
    clientIp: "10.9.8.7",
  })

const person = (id: string, role: Viewer["role"] = "user"): Viewer => ({
  id,
  email: `${id}@example.com`,
  name: id === "ana" ? "Ana Souza" : "Bruno Lima",
  role,
  emailVerified: true,
})
const ana = person("ana")
const bruno = person("bruno")
const moderator = person("mod", "moderator")

const ORDER_ID = "00000000-0000-4000-8000-000000000001"
const KEY = "test-action-key-0001"
const action = { orderId: ORDER_ID, actionKey: KEY }

/** A valid input for every admin procedure, so only the permission can refuse it. */
const ADMIN_CALLS: Record<string, (c: ReturnType<typeof as>) => Promise<unknown>> = {
  list: (c) => c.admin.orders.list({}),
  collections: (c) => c.admin.orders.collections(),
  exportCsv: (c) => c.admin.orders.exportCsv({}),
  get: (c) => c.admin.orders.get({ orderId: ORDER_ID }),
  advance: (c) => c.admin.orders.advance({ ...action, step: "start_production" }),
  ship: (c) =>
    c.admin.orders.ship({ ...action, carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" }),
  cancel: (c) => c.admin.orders.cancel(action),
  refund: (c) => c.admin.orders.refund({ ...action, amount: 100, note: "teste" }),
  decideRequest: (c) => c.admin.orders.decideRequest({ ...action, requestId: "x", approve: true, note: "" }),
  receiveReturn: (c) => c.admin.orders.receiveReturn({ ...action, requestId: "x" }),
  resolveRequest: (c) => c.admin.orders.resolveRequest({ ...action, requestId: "x" }),
  addNote: (c) => c.admin.orders.addNote({ ...action, body: "nota" }),
  bulk: (c) => c.admin.orders.bulk({ action: "mark_produced", batchKey: KEY, csv: "LG-2026-000001" }),
}

/** The prepaid plans administration, under the same guard. */
const PLAN_CALLS: Record<string, (c: ReturnType<typeof as>) => Promise<unknown>> = {
  list: (c) => c.admin.plans.list(),
  update: (c) =>
    c.admin.plans.update({
      id: "quarterly",
      actionKey: KEY,
      name: "Trimestral",
      description: "Três meses",
      price: 72990,
      editionCount: 3,
      isActive: true,
      isPopular: true,
      features: [],
    }),
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
  const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
  await seedDemoCatalog(db, Date.UTC(2026, 10, 1))
  const products = await db
    .selectFrom("collection_products")
    .select(["id", "collection_id"])
    .orderBy("id")
    .limit(2)
    .execute()
  for (const viewer of [ana, bruno])
    await db
      .insertInto("auth_user")
      .values({
        id: viewer.id,
        name: viewer.name,
        email: viewer.email,
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
  const order = aPaidOrder({
    id: ORDER_ID,
    userId: ana.id,
    number: "LG-2026-000001",
    couponId: null,
    currentAttemptId: null,
    paidAttemptId: null,
    lines: aPaidOrder().lines.map((line, i) => ({
      ...line,
      productId: products[i]?.id ?? "",
      collectionId: products[i]?.collection_id ?? "",
    })),
  })
  await runtime.runPromise(
    OrderStore.use((store) =>
      Effect.gen(function* () {
        yield* store.insertIfNew({ ...order, status: "awaiting_payment", paidAt: null, shipsOn: null }, "k1")
        yield* store.save(order)
      }),
    ),
  )
})
afterAll(() => runtime.dispose())

describe("admin order procedures", () => {
  it("refuse a customer with FORBIDDEN and a visitor with UNAUTHORIZED, every one of them", async () => {
    const procedures = Object.keys(adminOrdersRouter._def.procedures).sort()
    expect(Object.keys(ADMIN_CALLS).sort()).toEqual(procedures)
    for (const [name, call] of Object.entries(ADMIN_CALLS)) {
      expect(await codeOf(call(as(ana))), name).toBe("FORBIDDEN")
      expect(await codeOf(call(as(null))), name).toBe("UNAUTHORIZED")
    }
  })

  it("refuse the prepaid plans' administration to a customer (FORBIDDEN) and a visitor (UNAUTHORIZED)", async () => {
    const procedures = Object.keys(adminPlansRouter._def.procedures).sort()
    expect(Object.keys(PLAN_CALLS).sort()).toEqual(procedures)
    for (const [name, call] of Object.entries(PLAN_CALLS)) {
      expect(await codeOf(call(as(ana))), name).toBe("FORBIDDEN")
      expect(await codeOf(call(as(null))), name).toBe("UNAUTHORIZED")
    }
    // Nothing was changed by the refused calls; a moderator (who manages the catalogue) may read them.
    const plans = await as(moderator).admin.plans.list()
    expect(plans.find((p) => p.id === "quarterly")?.price).toBe(80973)
  })

  it("let a moderator work the order", async () => {
    expect((await as(moderator).admin.orders.get({ orderId: ORDER_ID })).customer?.email).toBe(
      "ana@example.com",
    )
    expect((await as(moderator).admin.orders.list({})).total).toBe(1)
  })
})

describe("the customer's order procedures", () => {
  it("refuse customer B on customer A's order as if it did not exist, and change nothing", async () => {
    const b = as(bruno)
    expect(await codeOf(b.myOrders.get({ orderId: ORDER_ID }))).toBe("NOT_FOUND")
    expect(await codeOf(b.myOrders.cancel({ orderId: ORDER_ID, actionKey: "bruno-cancel-key-01" }))).toBe(
      "NOT_FOUND",
    )
    expect(
      await codeOf(
        b.myOrders.rate({ orderId: ORDER_ID, actionKey: "bruno-rate-key-0001", stars: 1, review: "" }),
      ),
    ).toBe("NOT_FOUND")
    expect(
      await codeOf(
        b.myOrders.openRequest({
          orderId: ORDER_ID,
          actionKey: "bruno-req-key-00001",
          kind: "damage",
          description: "x",
        }),
      ),
    ).toBe("NOT_FOUND")
    const mine = await as(ana).myOrders.get({ orderId: ORDER_ID })
    expect(mine.fulfilment?.status).toBe("awaiting_production")
    expect(mine.actions?.cancel).toBeNull()
  })

  it("show tracking to anyone with the customer masked, and the owner unmasked", async () => {
    const stranger = await as(bruno).tracking.lookup({ code: "8r1cg2g03g02" })
    expect(stranger.customer).toMatchObject({ masked: true, name: "A** S****", email: "a***@e***.com" })
    expect((await as(ana).tracking.lookup({ code: "8R1CG2-G03G02" })).customer.masked).toBe(false)
    expect(await codeOf(as(null).tracking.lookup({ code: "" }))).toBe("BAD_REQUEST")
    expect(await codeOf(as(null).tracking.lookup({ code: "NOPE00-NOPE00" }))).toBe("NOT_FOUND")
  })
})
