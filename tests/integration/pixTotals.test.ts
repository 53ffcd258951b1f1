import { randomUUID } from "node:crypto"
import { type Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { pricedCart } from "../../application/cart/pricedCart"
import { placeOrder } from "../../application/orders/placeOrder"
import { quoteCheckout } from "../../application/orders/quoteCheckout"
import { CartStore } from "../../application/ports/CartStore"
import { pixPrice } from "../../domain/pricing/pixPrice"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addCollectors, asViewer, clockNow, runtimeDb, seedStore } from "../support/storeRuntime"

const { targets, embedded, dispose } = await runtimeTargets(4)
afterAll(dispose)

/** R$ 349,90: two of them by PIX are 2 × R$ 332,40 = R$ 664,80, where 5 % off R$ 699,80 would be R$ 664,81. */
const PRICE = 34990

describe.each(targets)("the PIX amount charged on $name", (target) => {
  const { runtime } = testRuntime(target, embedded)
  const buyer = customer("pix-buyer", "Colecionadora PIX")
  let db: Kysely<Database>
  let addressId = ""
  const as = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    runtime.runPromiseExit(asViewer(buyer, "10.2.0.1", effect) as Effect.Effect<A, E, never>)
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>) => {
    const exit = await as(effect)
    if (!Exit.isSuccess(exit)) throw new Error(`expected success: ${String(exit.cause)}`)
    return exit.value
  }

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    const [productId] = await seedStore(db, await clockNow(runtime))
    const product = await db
      .selectFrom("collection_products")
      .select("collection_id")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow()
    await db
      .updateTable("legendarium_collections")
      .set({ price_cents: PRICE })
      .where("id", "=", product.collection_id)
      .execute()
    await db.updateTable("collection_products").set({ collector_limit: null }).execute()
    addressId = (await addCollectors(db, [buyer])).get(buyer.id) ?? ""
    await ok(CartStore.use((carts) => carts.update(buyer.id, () => ({ cart: [{ productId, quantity: 2 }] }))))
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("is what the cart and the checkout showed: the sum of the cards' PIX prices, plus shipping", async () => {
    const cart = await ok(pricedCart([...(await ok(CartStore.use((c) => c.load(buyer.id))))]))
    expect(cart.totals.subtotal).toBe(2 * PRICE)
    expect(cart.prices?.pixCents).toBe(2 * pixPrice(PRICE, 500))
    expect(cart.prices?.pixCents).toBe(66480)

    const choice = { addressId, shippingOptionId: null, couponCode: null }
    const shown = await ok(quoteCheckout(choice))
    const shipping = shown.totals.shipping
    expect(shown.pix?.totals.total).toBe(66480 + shipping)

    const placed = await ok(
      placeOrder({
        ...choice,
        shippingOptionId: shown.shipping?.id ?? null,
        idempotencyKey: randomUUID(),
        cpf: "123.456.789-09",
        payment: { method: "pix" },
      }),
    )
    expect(placed.totals.total).toBe(66480 + shipping)
    const charged = await db
      .selectFrom("sandbox_payments")
      .select("amount_cents")
      .where("order_id", "=", placed.id)
      .execute()
    expect(charged.map((c) => c.amount_cents)).toEqual([66480 + shipping])
  })
})
