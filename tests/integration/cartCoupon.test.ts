import { randomUUID } from "node:crypto"
import { type Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { applyCartCoupon } from "../../application/orders/applyCartCoupon"
import { placeOrder } from "../../application/orders/placeOrder"
import { quoteCheckout } from "../../application/orders/quoteCheckout"
import { removeCartCoupon } from "../../application/orders/removeCartCoupon"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addCollectors, asViewer, clockNow, fillCarts, runtimeDb, seedStore } from "../support/storeRuntime"

// The coupon belongs with the cart on the server: every tab prices with it, and it is checked again each time.
const { targets, embedded, dispose } = await runtimeTargets(4)
afterAll(dispose)

describe.each(targets)("the coupon kept with the cart on $name", (target) => {
  const { runtime } = testRuntime(target, embedded)
  const ana = customer("cart-coupon-ana", "Ana Cupom")
  let db: Kysely<Database>
  let product = ""
  let addressId = ""
  type Services = Effect.Services<ReturnType<typeof placeOrder>>
  const as = <A, E>(effect: Effect.Effect<A, E, Services>) =>
    runtime.runPromiseExit(asViewer(ana, "10.3.0.1", effect))
  const ok = async <A, E>(effect: Effect.Effect<A, E, Services>) => {
    const exit = await as(effect)
    if (!Exit.isSuccess(exit)) throw new Error(`expected success: ${JSON.stringify(exit.cause)}`)
    return exit.value
  }
  const refusal = async <A, E>(effect: Effect.Effect<A, E, Services>) => {
    const exit = await as(effect)
    if (Exit.isSuccess(exit)) throw new Error("expected a refusal")
    return JSON.stringify(exit.cause)
  }
  const choice = () => ({ addressId, shippingOptionId: null })
  const stored = async () =>
    (await db.selectFrom("cart_coupons").select("code").where("user_id", "=", ana.id).execute()).map(
      (r) => r.code,
    )
  const welcome = () => db.updateTable("coupons").where("code", "=", "BEMVINDO10")

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    ;[product] = await seedStore(db, await clockNow(runtime))
    addressId = (await addCollectors(db, [ana], (u) => u.name)).get(ana.id) ?? ""
    await db
      .insertInto("coupons")
      .values({
        code: "BEMVINDO10",
        type: "percentage",
        value: 10,
        valid_from: new Date((await clockNow(runtime)) - 60_000),
      })
      .onConflict((oc) => oc.column("code").doNothing())
      .execute()
  }, 60_000)
  beforeEach(async () => {
    await db.deleteFrom("cart_coupons").execute()
    await db.deleteFrom("cart_items").execute()
    await fillCarts(db, [ana.id], product)
    await welcome()
      .set({ valid_until: null, max_uses: null, total_uses: 0, minimum_order_cents: 0, is_active: true })
      .execute()
  })
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("applied once, every later price (another tab, a reload) has it; removed, none has it", async () => {
    const applied = await ok(applyCartCoupon(" bemvindo10 ", choice()))
    expect(applied.coupon?.code).toBe("BEMVINDO10")
    expect(await stored()).toEqual(["BEMVINDO10"])

    const elsewhere = await ok(quoteCheckout(choice()))
    expect(elsewhere.coupon?.code).toBe("BEMVINDO10")
    expect(elsewhere.totals.discount).toBe(applied.totals.discount)
    expect(elsewhere.totals.discount).toBeGreaterThan(0)

    const removed = await ok(removeCartCoupon(choice()))
    expect(removed.coupon).toBeNull()
    expect(await stored()).toEqual([])
    expect((await ok(quoteCheckout(choice()))).totals.discount).toBe(0)
  })

  it("a code the rules refuse is not kept, and the cart's coupon stays", async () => {
    await ok(applyCartCoupon("BEMVINDO10", choice()))
    expect(await refusal(applyCartCoupon("NAOEXISTE", choice()))).toContain("Cupom não encontrado")
    expect(await stored()).toEqual(["BEMVINDO10"])
  })

  it.each([
    ["expired", { valid_until: new Date(Date.UTC(2000, 0, 1)) }, "Este cupom expirou"],
    ["exhausted", { max_uses: 1, total_uses: 1 }, "Este cupom atingiu o limite de usos"],
    ["minimum not met", { minimum_order_cents: 100_000_000 }, "Este cupom vale para pedidos a partir de"],
  ])(
    "%s since it was applied: the next price takes it off the cart and says why",
    async (_name, change, why) => {
      await ok(applyCartCoupon("BEMVINDO10", choice()))
      await welcome().set(change).execute()
      const priced = await ok(quoteCheckout(choice()))
      expect(priced.coupon).toBeNull()
      expect(priced.couponError).toContain(why)
      expect(priced.couponError).toContain("O cupom BEMVINDO10 foi removido do seu carrinho.")
      expect(priced.totals.discount).toBe(0)
      expect(await stored()).toEqual([])
    },
  )

  it("placing the order uses the cart's coupon: the order has the discount and the cart no coupon", async () => {
    const applied = await ok(applyCartCoupon("BEMVINDO10", choice()))
    const order = await ok(
      placeOrder({
        ...choice(),
        idempotencyKey: randomUUID(),
        cpf: "123.456.789-09",
        payment: { method: "pix" },
      }),
    )
    expect(order.couponCode).toBe("BEMVINDO10")
    expect(order.totals.discount).toBe(applied.totals.discount)
    expect(await stored()).toEqual([])
  })

  it("a coupon that ran out before the order is placed refuses the order, never places it without a word", async () => {
    await ok(applyCartCoupon("BEMVINDO10", choice()))
    await welcome().set({ max_uses: 1, total_uses: 1 }).execute()
    const before = await db.selectFrom("orders").select("id").where("user_id", "=", ana.id).execute()
    const why = await refusal(
      placeOrder({
        ...choice(),
        idempotencyKey: randomUUID(),
        cpf: "123.456.789-09",
        payment: { method: "pix" },
      }),
    )
    expect(why).toContain(
      "Este cupom atingiu o limite de usos. O cupom BEMVINDO10 foi removido do seu carrinho.",
    )
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", ana.id).execute()).toEqual(before)
    expect(await stored()).toEqual([])
  })
})
