import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, fulfilmentWorld, moderator } from "../../tests/fakes/fulfilmentWorld"
import { ana, MINUTE } from "../../tests/fakes/ordersWorld"
import { placeOrder } from "../orders/placeOrder"
import { advanceOrder } from "./advanceOrder"
import { cancelOrder } from "./cancelOrder"
import { refundOrder } from "./refundOrder"
import { shipOrder } from "./shipOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const SHIP = { carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" }

const fulfilmentEvents = (w: ReturnType<typeof fulfilmentWorld>) =>
  w.eventTypes().filter((t) => !["OrderPlaced", "PaymentApproved"].includes(t))

describe("administrators move a paid order along", () => {
  it("from production to delivery, each step an event and an audit entry naming who did it", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const step = (s: Parameters<typeof advanceOrder>[0]["step"]) =>
      w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: s }), admin)
    expect(await step("start_production")).toEqual({
      orderId: order.id,
      status: "in_production",
      repeated: false,
    })
    w.advance(MINUTE)
    await step("mark_produced")
    await w.ok(shipOrder({ orderId: order.id, actionKey: w.key(), ...SHIP }), moderator)
    await step("mark_in_transit")
    expect((await step("mark_delivered")).status).toBe("delivered")
    expect(fulfilmentEvents(w)).toEqual([
      "OrderProductionStarted",
      "OrderProduced",
      "OrderShipped",
      "OrderInTransit",
      "OrderDelivered",
    ])
    expect(w.f.audit().map((e) => [e.action, e.actor.email, e.details.to])).toEqual([
      ["start_production", admin.email, "in_production"],
      ["mark_produced", admin.email, "produced"],
      ["ship", moderator.email, "shipped"],
      ["mark_in_transit", admin.email, "in_transit"],
      ["mark_delivered", admin.email, "delivered"],
    ])
    expect(w.f.fulfilment(order.id)?.shipments[0]).toMatchObject({
      trackingCode: "AA123456789BR",
      carrier: "Correios",
    })
  })

  it("does an action once however often its confirmation is sent", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const request = { orderId: order.id, actionKey: w.key(), step: "start_production" as const }
    await w.ok(advanceOrder(request), admin)
    expect(await w.ok(advanceOrder(request), admin)).toMatchObject({
      repeated: true,
      status: "in_production",
    })
    expect(fulfilmentEvents(w)).toEqual(["OrderProductionStarted"])
    expect(w.f.audit()).toHaveLength(1)
    // The same confirmation cannot be replayed as another action.
    expect(await w.fails(advanceOrder({ ...request, step: "mark_produced" }), admin)).toMatchObject({
      _tag: "FulfilmentRefused",
      message: "Esta confirmação já foi usada em outra ação.",
    })
  })

  it("makes one shipment and one event when two administrators ship the same order at once", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "start_production" }), admin)
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "mark_produced" }), admin)
    const [first, second] = await Promise.all([
      w.run(shipOrder({ orderId: order.id, actionKey: w.key(), ...SHIP }), admin),
      w.run(
        shipOrder({ orderId: order.id, actionKey: w.key(), ...SHIP, trackingCode: "BB987654321BR" }),
        moderator,
      ),
    ])
    expect([first, second].filter((exit) => exit._tag === "Success")).toHaveLength(1)
    const refused = [first, second].find((exit) => exit._tag === "Failure")
    expect(JSON.stringify(refused)).toContain("Não é possível enviar o pedido: o pedido já foi enviado.")
    expect(w.f.fulfilment(order.id)?.shipments).toHaveLength(1)
    expect(w.eventTypes().filter((t) => t === "OrderShipped")).toHaveLength(1)
  })

  it("refuses a step out of order in pt-BR, and changes nothing", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    expect(await w.fails(shipOrder({ orderId: order.id, actionKey: w.key(), ...SHIP }), admin)).toEqual(
      expect.objectContaining({
        _tag: "FulfilmentRefused",
        message: "Não é possível enviar o pedido: o pedido ainda aguarda produção.",
      }),
    )
    expect(fulfilmentEvents(w)).toEqual([])
    expect(w.f.audit()).toEqual([])
    expect(w.f.fulfilment(order.id)).toBeUndefined()
  })

  it("refuses an order not paid yet, and one that does not exist", async () => {
    const w = fulfilmentWorld({ now: NOV_10, script: [{ status: "pending" }] })
    const pending = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    expect(
      await w.fails(
        advanceOrder({ orderId: pending.id, actionKey: w.key(), step: "start_production" }),
        admin,
      ),
    ).toMatchObject({ _tag: "FulfilmentRefused", message: "O pedido ainda não foi pago." })
    expect(
      await w.fails(advanceOrder({ orderId: "nope", actionKey: w.key(), step: "start_production" }), admin),
    ).toMatchObject({ _tag: "OrderNotFound" })
  })

  it("is for administrators and moderators only", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const start = advanceOrder({ orderId: order.id, actionKey: w.key(), step: "start_production" })
    expect(await w.fails(start, ana)).toMatchObject({ _tag: "Forbidden", permission: "manage_orders" })
    expect(await w.fails(start, null)).toMatchObject({ _tag: "NotSignedIn" })
  })
})

describe("cancelling and refunding", () => {
  it("cancels until the parcel leaves, asking the gateway for everything back", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "start_production" }), admin)
    expect((await w.ok(cancelOrder({ orderId: order.id, actionKey: w.key() }), admin)).status).toBe(
      "cancelled",
    )
    expect(fulfilmentEvents(w)).toEqual([
      "OrderProductionStarted",
      "PaidOrderCancelled",
      "RefundRequested",
      "OrderReleased",
    ])
    expect(w.f.fulfilment(order.id)?.refunds).toEqual([
      expect.objectContaining({ amount: order.totals.total, reason: "cancellation", status: "pending" }),
    ])
  })

  it("refunds a part with a reason, and refuses more than is left", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await w.ok(
      refundOrder({ orderId: order.id, actionKey: w.key(), amount: 1000, note: "Atraso na entrega" }),
      admin,
    )
    expect(w.events.at(-1)).toMatchObject({
      type: "RefundRequested",
      payload: { amount: 1000, reason: "partial" },
    })
    const tooMuch = await w.fails(
      refundOrder({ orderId: order.id, actionKey: w.key(), amount: order.totals.total, note: "x" }),
      admin,
    )
    expect(tooMuch).toMatchObject({ _tag: "FulfilmentRefused" })
    expect((tooMuch as { message: string }).message).toMatch(
      /^O valor do reembolso é maior que o saldo reembolsável/,
    )
    await w.ok(
      refundOrder({ orderId: order.id, actionKey: w.key(), amount: null, note: "Cliente desistiu" }),
      admin,
    )
    expect(w.f.fulfilment(order.id)?.refunds.map((r) => r.amount)).toEqual([1000, order.totals.total - 1000])
  })
})
