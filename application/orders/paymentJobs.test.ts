import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { RecordedEvent } from "../../domain/events"
import { DAY, MINUTE, shopWithCart } from "../../tests/fakes/ordersWorld"
import { unavailable } from "../../tests/fakes/scriptedGateway"
import { expireOrders } from "./expireOrders"
import { markNotSubmitted } from "./markNotSubmitted"
import { paymentNotifiedHandler, receivePaymentNotification } from "./paymentNotifications"
import { placeOrder } from "./placeOrder"
import { reconcilePayments } from "./reconcilePayments"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const COUPON = "c0000000-0000-4000-8000-000000000001"

describe("reconcilePayments", () => {
  it("finds a charge whose answer was lost by searching the order's payments, and applies it", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "approved", lost: true }] })
    await w.fails(placeOrder(w.input()))
    w.advance(MINUTE)
    expect(await w.ok(reconcilePayments())).toEqual({
      checked: 0,
      applied: 0,
      recovered: { found: 1, applied: 1, interrupted: 0 },
    })
    const [order] = w.db.orders()
    expect(order?.status).toBe("paid")
    expect(w.db.attempts()[0]).toMatchObject({ status: "approved", gatewayPaymentId: "mp-1" })
    expect(w.gateway.createCalls()).toHaveLength(1)
  })

  it("offers an attempt the gateway never got again within a minute, never as a refusal", async () => {
    const w = shopWithCart({ now: NOV_10, script: [unavailable()] })
    await w.fails(placeOrder(w.input({ couponCode: "BEMVINDO" })))
    w.advance(MINUTE)
    expect(await w.ok(reconcilePayments())).toMatchObject({ recovered: { found: 1, interrupted: 1 } })
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
    expect(w.db.attempts()[0]).toMatchObject({ status: "interrupted", statusDetail: "not_submitted" })
    // The order still holds what it took, for the customer to pay again.
    expect(w.db.stock(w.product.id)?.reserved).toBe(1)
    expect(w.db.coupon(COUPON)?.totalUses).toBe(1)
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentInterrupted"])
  })

  it("moves a still-pending attempt back in the queue it reconciles, so the others get their turn", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    w.advance(3 * MINUTE)
    expect(await w.ok(reconcilePayments())).toMatchObject({ checked: 1, applied: 1 })
    expect(w.db.attempts()[0]).toMatchObject({ status: "pending", updatedAt: NOV_10 + 3 * MINUTE })
    w.advance(MINUTE)
    expect(await w.ok(reconcilePayments())).toMatchObject({ checked: 0, applied: 0 })
  })

  it("applies a PIX paid while its webhook was lost, and skips attempts when the gateway is down", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    w.gateway.setStatus("mp-1", "approved")
    w.advance(3 * MINUTE)
    w.gateway.fail("getPayment", unavailable())
    expect(await w.ok(reconcilePayments())).toMatchObject({ checked: 1, applied: 0 })
    expect(await w.ok(reconcilePayments())).toMatchObject({ checked: 1, applied: 1 })
    expect(w.db.orders()[0]?.status).toBe("paid")
  })
})

describe("markNotSubmitted", () => {
  it("changes nothing for an attempt the gateway already answered", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    await w.ok(markNotSubmitted(w.db.attempts()[0]?.id ?? "", "not_submitted"))
    expect(w.db.attempts()[0]?.status).toBe("pending")
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
  })
})

describe("expireOrders", () => {
  it("cancels a PIX past its expiry at the gateway, then expires the order and lets its units and coupon go", async () => {
    const w = shopWithCart({ now: NOV_10, quantity: 2, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO", payment: { method: "pix" } })))
    w.advance(29 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 0, expired: 0 })
    w.advance(2 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
    expect(w.gateway.calls("cancel").map((c) => c.args[0])).toEqual(["mp-1"])
    expect(w.db.orders()[0]?.status).toBe("expired")
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 0 })
    expect(w.db.coupon(COUPON)?.totalUses).toBe(0)
    expect(w.eventTypes()).toContain("OrderExpired")
    expect(w.eventTypes().at(-1)).toBe("OrderExpired")
    // Run again: nothing left to do.
    expect(await w.ok(expireOrders())).toEqual({ due: 0, expired: 0 })
  })

  it("lets a PIX paid just before the job win", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    w.gateway.setStatus("mp-1", "approved")
    w.advance(31 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 0 })
    expect(w.db.orders()[0]?.status).toBe("paid")
    expect(w.gateway.calls("cancel")).toEqual([])
  })

  it("waits for a card under the issuer's review, up to three days, then cancels it", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "in_process" }] })
    const view = await w.ok(placeOrder(w.input()))
    expect(view.payment?.status).toBe("in_process")
    w.advance(61 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 0 })
    expect(w.db.orders()[0]).toMatchObject({ status: "awaiting_payment", payBy: NOV_10 + 3 * DAY })
    expect(w.db.stock(w.product.id)?.reserved).toBe(1)
    expect(w.gateway.calls("cancel")).toEqual([])

    w.setNow(NOV_10 + 3 * DAY)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
    expect(w.gateway.payment("mp-1")?.status).toBe("cancelled")
    expect(w.db.orders()[0]?.status).toBe("expired")
    expect(w.db.stock(w.product.id)?.reserved).toBe(0)
  })

  it("expires a rejected order nobody paid again, once its time is up", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "rejected" }] })
    await w.ok(placeOrder(w.input()))
    w.advance(61 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
    expect(w.db.orders()[0]?.status).toBe("expired")
    expect(w.events.at(-1)).toMatchObject({ type: "OrderExpired", payload: { heldUnits: false } })
    expect(w.db.stock(w.product.id)?.reserved).toBe(0)
  })

  it("leaves an order for the next run when the gateway is down", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    w.advance(31 * MINUTE)
    w.gateway.fail("getPayment", unavailable())
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 0 })
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
    expect(w.db.stock(w.product.id)?.reserved).toBe(1)
  })
})

describe("payment notifications", () => {
  const asRecorded = (w: { events: readonly unknown[] }, index: number): RecordedEvent => ({
    ...(w.events[index] as RecordedEvent),
    id: `evt-${index}`,
    occurredAt: NOV_10,
  })

  it("stores a webhook as an event; the handler fetches the payment and applies it, once", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    w.gateway.setStatus("mp-1", "approved")
    expect(
      await w.ok(receivePaymentNotification({ topic: "payment", resourceId: "mp-1", requestId: "r-1" })),
    ).toEqual({ stored: true })
    const notified = w.events.length - 1
    expect(w.events[notified]).toMatchObject({ type: "PaymentNotified", payload: { resourceId: "mp-1" } })
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")

    await w.ok(paymentNotifiedHandler.handle(asRecorded(w, notified)))
    await w.ok(paymentNotifiedHandler.handle(asRecorded(w, notified)))
    expect(w.db.orders()[0]?.status).toBe("paid")
    expect(w.eventTypes().filter((t) => t === "PaymentApproved")).toHaveLength(1)
  })

  it("keeps nothing of another topic, and ignores a payment id the gateway does not know", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const before = w.events.length
    expect(
      await w.ok(receivePaymentNotification({ topic: "merchant_order", resourceId: "1", requestId: null })),
    ).toEqual({ stored: false })
    expect(w.events).toHaveLength(before)

    await w.ok(receivePaymentNotification({ topic: "payment", resourceId: "mp-404", requestId: null }))
    await w.ok(paymentNotifiedHandler.handle(asRecorded(w, before)))
    expect(w.gateway.calls("getPayment").map((c) => c.args[0])).toEqual(["mp-404"])
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
    expect(w.events).toHaveLength(before + 1)
  })

  it("stores the subscription topics too, which the payment handler leaves to their own", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const before = w.events.length
    for (const topic of ["subscription_preapproval", "subscription_authorized_payment"])
      expect(await w.ok(receivePaymentNotification({ topic, resourceId: "mp-1", requestId: null }))).toEqual({
        stored: true,
      })
    expect(w.events.slice(before)).toMatchObject([
      { type: "PaymentNotified", payload: { topic: "subscription_preapproval", resourceId: "mp-1" } },
      { type: "PaymentNotified", payload: { topic: "subscription_authorized_payment", resourceId: "mp-1" } },
    ])
    w.gateway.setStatus("mp-1", "approved")
    await w.ok(paymentNotifiedHandler.handle(asRecorded(w, before)))
    await w.ok(paymentNotifiedHandler.handle(asRecorded(w, before + 1)))
    expect(w.gateway.calls("getPayment")).toEqual([])
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
  })

  it("fails the delivery (to be retried) when the gateway is down", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    await w.ok(receivePaymentNotification({ topic: "payment", resourceId: "mp-1", requestId: null }))
    w.gateway.fail("getPayment", unavailable())
    expect(await w.fails(paymentNotifiedHandler.handle(asRecorded(w, w.events.length - 1)))).toMatchObject({
      _tag: "GatewayUnavailable",
    })
  })
})
