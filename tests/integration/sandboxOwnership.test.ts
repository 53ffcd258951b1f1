import { randomUUID } from "node:crypto"
import { Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { sandboxRoutes } from "../../adapters/sandbox-gateway/routes"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import type { Viewer } from "../../application/ports/CurrentUser"
import { sandboxOwnership } from "../../server/http/sandboxOwnership"
import { sandboxBankFor } from "../../server/paymentGateway"
import { apiApp } from "../support/apiApp"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addCollectors, asViewer, clockNow, fillCarts, runtimeDb, seedStore } from "../support/storeRuntime"

// A sandbox payment's page and buttons are its buyer's: anyone else, even with a forged Origin, gets a 404.
const { targets, embedded, dispose } = await runtimeTargets()
afterAll(dispose)
const ORIGIN = "http://localhost:3000"

describe("sandbox pages of another customer's order", () => {
  const { config, runtime } = testRuntime(targets[0] ?? { name: "pglite", env: {} }, embedded)
  const ana = customer("ana", "Ana")
  const bia = customer("bia", "Bia")
  let app: Awaited<ReturnType<typeof apiApp>>
  let db: Kysely<Database>
  const orders: { id: string; paymentId: string }[] = []

  beforeAll(async () => {
    app = await apiApp(runtime, config)
    db = await runtimeDb(runtime)
    const [product] = await seedStore(db, await clockNow(runtime))
    await db.updateTable("collection_products").set({ collector_limit: null }).execute()
    const addresses = await addCollectors(db, [ana, bia])
    for (const buyer of [ana, ana]) {
      await fillCarts(db, [buyer.id], product)
      const input: PlaceOrderInput = {
        addressId: addresses.get(buyer.id) ?? "",
        shippingOptionId: null,
        couponCode: null,
        idempotencyKey: randomUUID(),
        cpf: "123.456.789-09",
        payment: { method: "pix" },
      }
      const placed = await runtime.runPromiseExit(asViewer(buyer, "10.0.0.1", placeOrder(input)))
      if (!Exit.isSuccess(placed)) throw new Error(String(placed.cause))
      const attempt = await db
        .selectFrom("payment_attempts")
        .select("gateway_payment_id")
        .where("order_id", "=", placed.value.id)
        .executeTakeFirstOrThrow()
      orders.push({ id: placed.value.id, paymentId: attempt.gateway_payment_id ?? "" })
    }
  }, 120_000)
  afterAll(() => runtime.dispose())

  const statusOf = async (orderId: string) =>
    (await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow())
      .status

  it("cannot be counted to: the next order's payment id is not the last one plus one", () => {
    const [first, second] = orders.map((o) => o.paymentId)
    expect(first).toMatch(/^\d{18}$/)
    expect(BigInt(second ?? "0") - BigInt(first ?? "0")).not.toBe(1n)
  })

  it("answers a visitor 404, page and buttons, and a forged Origin marks nothing paid", async () => {
    const { id, paymentId } = orders[0] ?? { id: "", paymentId: "" }
    const page = await app.request(`/sandbox/pagamentos/${paymentId}`)
    expect(page.status).toBe(404)
    expect(await page.text()).not.toContain(id)
    for (const action of ["simular-pagamento", "simular-expiracao"]) {
      const pressed = await app.request(`/sandbox/pagamentos/${paymentId}/${action}`, {
        method: "POST",
        headers: { origin: ORIGIN },
      })
      expect(pressed.status).toBe(404)
    }
    expect(await statusOf(id)).toBe("awaiting_payment")
    const bank = sandboxBankFor(config, db, runtime.paymentWebhooks.notify)
    expect((await bank.paymentRow(paymentId).pipe((e) => runtime.runPromise(e)))?.status).toBe("pending")
  })

  it("opens only for the signed-in buyer of the order: another customer gets 404 and pays nothing", async () => {
    const { id, paymentId } = orders[1] ?? { id: "", paymentId: "" }
    let signedIn: Viewer | null = null
    const routes = sandboxRoutes({
      bank: sandboxBankFor(config, db, runtime.paymentWebhooks.notify),
      sameOrigin: (r) => r.headers.get("origin") === ORIGIN,
      owns: sandboxOwnership(runtime, async () => signedIn),
    })
    const press = () =>
      routes.request(`/pagamentos/${paymentId}/simular-pagamento`, {
        method: "POST",
        headers: { origin: ORIGIN },
      })

    signedIn = bia
    expect((await routes.request(`/pagamentos/${paymentId}`)).status).toBe(404)
    expect((await press()).status).toBe(404)
    expect(await statusOf(id)).toBe("awaiting_payment")

    signedIn = ana
    const page = await routes.request(`/pagamentos/${paymentId}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(id)
    expect((await press()).status).toBe(303)
    await expect.poll(() => statusOf(id), { timeout: 20_000 }).toBe("paid")
  })
})
