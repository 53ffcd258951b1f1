import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { editionLimitMessage } from "../../domain/editions/editionLimit"
import { ana, bruno, CPF, MINUTE, paulista, shopWithCart, visa } from "../../tests/fakes/ordersWorld"
import { expireOrders } from "./expireOrders"
import { payOrder } from "./payOrder"
import { placeOrder } from "./placeOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
/** Another valid CPF, for a collector who is not Ana. */
const OTHER_CPF = "111.444.777-35"
const pix = { method: "pix" } as const
const refusal = (limit: number, held = 0) => ({
  _tag: "CheckoutRefused",
  message: editionLimitMessage(limit, held),
})

/** Ana's shop with November's edition limited to `limit` per collector, and Bruno ready to buy it too. */
function limitedShop(limit: number | null, options: Parameters<typeof shopWithCart>[0] = { now: NOV_10 }) {
  const w = shopWithCart(options)
  w.db.setLimit(w.product.id, limit)
  w.db.setCart(bruno.id, [{ productId: w.product.id, quantity: 1 }])
  const brunoAddress = w.db.addAddress(bruno.id, paulista)
  const brunoInput = (cpf: string, key = "b-1") =>
    w.input({ addressId: brunoAddress.id, cpf, idempotencyKey: key, payment: pix })
  /** Ana puts the edition in her cart again (a PIX order took it out). */
  const addAgain = () => w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
  return { ...w, brunoInput, addAgain }
}

describe("per-collector limits of numbered editions", () => {
  it("counts a collector's earlier order awaiting payment, and changes nothing when refusing", async () => {
    const w = limitedShop(1, { now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: pix })))
    expect(w.db.cart(ana.id)).toEqual([])
    w.addAgain()
    const events = w.events.length

    expect(await w.fails(placeOrder(w.input({ idempotencyKey: "key-2", payment: pix })))).toMatchObject(
      refusal(1, 1),
    )
    expect(w.db.orders()).toHaveLength(1)
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 1, sold: 0 })
    expect(w.events).toHaveLength(events)
    expect(w.gateway.createCalls()).toHaveLength(1)
  })

  it("counts a paid order, and refuses one order asking for more than the limit at once", async () => {
    const w = limitedShop(2, { now: NOV_10, quantity: 3, script: [{ status: "approved" }] })
    expect(await w.fails(placeOrder(w.input()))).toMatchObject(refusal(2))
    w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 2 }])
    expect((await w.ok(placeOrder(w.input({ idempotencyKey: "key-2" })))).status).toBe("paid")
    w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
    expect(await w.fails(placeOrder(w.input({ idempotencyKey: "key-3" })))).toMatchObject(refusal(2, 2))
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 2 })
  })

  it("shares the limit between accounts with the same CPF, not with another collector", async () => {
    const w = limitedShop(1, { now: NOV_10, script: [{ status: "pending" }, { status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: pix })))

    expect(await w.fails(placeOrder(w.brunoInput(CPF)), bruno)).toMatchObject(refusal(1, 1))
    // The CPF typed at checkout is the one counted, whatever the account saved before.
    expect(w.db.details(bruno.id)).toBeUndefined()
    expect((await w.ok(placeOrder(w.brunoInput(OTHER_CPF, "b-2")), bruno)).status).toBe("awaiting_payment")
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 2, sold: 0 })
  })

  it("frees the share when the PIX expires", async () => {
    const w = limitedShop(1, { now: NOV_10, script: [{ status: "pending" }, { status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: pix })))
    w.advance(31 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
    w.addAgain()

    expect((await w.ok(placeOrder(w.input({ idempotencyKey: "key-2", payment: pix })))).status).toBe(
      "awaiting_payment",
    )
  })

  it("checks again when a rejected order is paid again", async () => {
    const w = limitedShop(1, {
      now: NOV_10,
      script: [{ status: "rejected" }, { status: "pending" }, { status: "approved" }],
    })
    const rejected = await w.ok(placeOrder(w.input()))
    expect(rejected.status).toBe("rejected")
    // A refused order holds nothing: Ana may buy the unit with another order...
    const waiting = await w.ok(placeOrder(w.input({ idempotencyKey: "key-2", payment: pix })))
    expect(waiting.status).toBe("awaiting_payment")

    // ...and then the first one cannot take a second unit.
    const retry = { orderId: rejected.id, idempotencyKey: "key-3", payment: { method: "card", card: visa() } }
    expect(await w.fails(payOrder(retry as Parameters<typeof payOrder>[0]))).toMatchObject(refusal(1, 1))
    expect(w.db.order(rejected.id)?.status).toBe("rejected")
    expect(w.db.attempts(rejected.id)).toHaveLength(1)
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 1, sold: 0 })
  })

  it("lets a rejected order be paid again when the collector holds nothing else", async () => {
    const w = limitedShop(1, { now: NOV_10, script: [{ status: "rejected" }, { status: "approved" }] })
    const rejected = await w.ok(placeOrder(w.input()))
    const paid = await w.ok(
      payOrder({ orderId: rejected.id, idempotencyKey: "key-2", payment: { method: "card", card: visa() } }),
    )
    expect(paid.status).toBe("paid")
  })

  it("has no limit where the product sets none", async () => {
    const w = limitedShop(null, {
      now: NOV_10,
      quantity: 4,
      script: [{ status: "pending" }, { status: "pending" }],
    })
    await w.ok(placeOrder(w.input({ payment: pix })))
    w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 4 }])
    await w.ok(placeOrder(w.input({ idempotencyKey: "key-2", payment: pix })))
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 8, sold: 0 })
  })
})
