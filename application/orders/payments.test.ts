import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import { ana, bruno, MINUTE, shopWithCart, visa } from "../../tests/fakes/ordersWorld"
import { type Scripted, unavailable } from "../../tests/fakes/scriptedGateway"
import { applyGatewayPayment, LATE_APPROVAL_REFUSALS } from "./applyGatewayPayment"
import { expireOrders } from "./expireOrders"
import { refundHandler } from "./paymentNotifications"
import { payOrder } from "./payOrder"
import { placeOrder } from "./placeOrder"
import { reconcilePayments } from "./reconcilePayments"
import { paymentView } from "./views"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const COUPON = "c0000000-0000-4000-8000-000000000001"

const recorded = (event: DomainEvent | undefined, id = "evt-1"): RecordedEvent => {
  if (!event) throw new Error("no event")
  return { ...event, id, occurredAt: NOV_10 }
}

describe("payOrder", () => {
  it("pays a rejected order again: its units and coupon are taken again, and the card is charged", async () => {
    const w = shopWithCart({
      now: NOV_10,
      quantity: 2,
      script: [{ status: "rejected" }, { status: "approved" }],
    })
    const rejected = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO" })))
    expect(w.db.stock(w.product.id)?.reserved).toBe(0)
    w.advance(5 * MINUTE)
    const paid = await w.ok(
      payOrder({ orderId: rejected.id, idempotencyKey: "key-2", payment: { method: "card", card: visa(3) } }),
    )
    expect([paid.status, paid.payment?.installments, paid.lines[0]?.serials]).toEqual(["paid", 3, [1, 2]])
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 2 })
    expect(w.db.coupon(COUPON)).toMatchObject({ totalUses: 1, conversions: 1 })
    expect(w.db.attempts(rejected.id)).toHaveLength(2)
    expect(w.gateway.createCalls()).toHaveLength(2)
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentRejected", "PaymentApproved"])
  })

  it("refuses to pay again when the edition sold out meanwhile, and changes nothing", async () => {
    const w = shopWithCart({ now: NOV_10, size: 50, script: [{ status: "rejected" }] })
    const rejected = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO" })))
    w.db.setStock(w.product.id, 50, { sold: 50 })
    const refusal = await w.fails(
      payOrder({ orderId: rejected.id, idempotencyKey: "key-2", payment: { method: "card", card: visa() } }),
    )
    expect(refusal).toMatchObject({
      _tag: "CheckoutRefused",
      message: `${rejected.lines[0]?.name}: edição esgotada`,
    })
    expect(w.db.order(rejected.id)?.status).toBe("rejected")
    expect(w.db.attempts(rejected.id)).toHaveLength(1)
    expect(w.db.coupon(COUPON)?.totalUses).toBe(0)
    expect(w.gateway.createCalls()).toHaveLength(1)
  })

  it("switches from a PIX code not yet paid to a card, cancelling the PIX at the gateway", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }, { status: "approved" }] })
    const waiting = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    expect(waiting.canRetry).toBe(true)
    const pixId = w.db.attempts(waiting.id)[0]?.gatewayPaymentId ?? ""
    const paid = await w.ok(
      payOrder({ orderId: waiting.id, idempotencyKey: "key-2", payment: { method: "card", card: visa() } }),
    )
    expect(paid.status).toBe("paid")
    expect(w.gateway.calls("cancel").map((c) => c.args[0])).toEqual([pixId])
    expect(w.gateway.payment(pixId)?.status).toBe("cancelled")
    // The units were held once, by the order, and sold once.
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 1 })

    // The cancelled PIX reported late changes nothing.
    expect(await w.ok(applyGatewayPayment(w.gateway.payment(pixId)!))).toBe("cancelled")
    expect(w.db.order(waiting.id)?.status).toBe("paid")
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentInstructionsIssued", "PaymentApproved"])
  })

  it("answers a repeated request with its key without a second charge", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "rejected" }, { status: "approved" }] })
    const order = await w.ok(placeOrder(w.input()))
    const again = {
      orderId: order.id,
      idempotencyKey: "key-2",
      payment: { method: "card", card: visa() },
    } as const
    await w.ok(payOrder(again))
    expect((await w.ok(payOrder(again))).status).toBe("paid")
    expect(w.gateway.createCalls()).toHaveLength(2)
  })

  it("does not let a customer pay or see another customer's order", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "rejected" }] })
    const order = await w.ok(placeOrder(w.input()))
    const input = { orderId: order.id, idempotencyKey: "x", payment: { method: "pix" } } as const
    expect(await w.fails(payOrder(input), bruno)).toMatchObject({ _tag: "OrderNotFound" })
    expect(await w.fails(paymentView(order.id), bruno)).toMatchObject({ _tag: "OrderNotFound" })
    expect((await w.ok(paymentView(order.id), ana)).id).toBe(order.id)
  })

  it("refuses to pay an order already paid", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "approved" }] })
    const order = await w.ok(placeOrder(w.input()))
    expect(
      await w.fails(payOrder({ orderId: order.id, idempotencyKey: "k", payment: { method: "pix" } })),
    ).toMatchObject({ message: "Este pedido não pode mais ser pago" })
  })
})

describe("applyGatewayPayment", () => {
  it("moves forward only: a stale 'pending' after the approval and a repeated approval change nothing", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    const order = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const pixId = w.db.attempts(order.id)[0]?.gatewayPaymentId ?? ""
    const pending = w.gateway.payment(pixId)!
    const approved = w.gateway.setStatus(pixId, "approved")
    expect(await w.ok(applyGatewayPayment(approved))).toBe("approved")
    expect(await w.ok(applyGatewayPayment(pending))).toBe("unchanged")
    expect(await w.ok(applyGatewayPayment(approved))).toBe("unchanged")
    expect(w.db.order(order.id)).toMatchObject({
      status: "paid",
      paidAttemptId: w.db.attempts(order.id)[0]?.id,
    })
    expect(w.db.attempts(order.id)[0]?.status).toBe("approved")
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 1 })
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentInstructionsIssued", "PaymentApproved"])
  })

  it("writes nothing for a repeated notification: the approval's time stays the approval's", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "approved" }] })
    const order = await w.ok(placeOrder(w.input()))
    const [attempt] = w.db.attempts(order.id)
    w.advance(5 * MINUTE)
    expect(await w.ok(applyGatewayPayment(w.gateway.payments()[0]!))).toBe("unchanged")
    expect(w.db.attempts(order.id)[0]).toEqual(attempt)
    expect((await w.ok(paymentView(order.id))).payment?.paidAt).toBe(NOV_10)
  })

  it("ignores a payment of no attempt it knows", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    const order = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const stranger = { ...w.gateway.payments()[0]!, id: "mp-999", attemptId: "another-app" }
    expect(await w.ok(applyGatewayPayment({ ...stranger, status: "approved" }))).toBe("unknown")
    expect(w.db.order(order.id)?.status).toBe("awaiting_payment")
  })

  it("asks for a refund of a second approval, and the refund handler gives the money back once", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }, { status: "approved" }] })
    const order = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const [pixAttempt] = w.db.attempts(order.id)
    w.gateway.fail("cancel", unavailable())
    await w.ok(
      payOrder({ orderId: order.id, idempotencyKey: "key-2", payment: { method: "card", card: visa() } }),
    )
    const cardAttempt = w.db.order(order.id)?.paidAttemptId

    // The buyer paid the PIX anyway, before the cancellation could reach the gateway.
    const pix = w.gateway.setStatus(pixAttempt?.gatewayPaymentId ?? "", "approved")
    expect(await w.ok(applyGatewayPayment(pix))).toBe("approved")
    expect(w.db.order(order.id)).toMatchObject({ status: "paid", paidAttemptId: cardAttempt })
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 1 })
    const refund = w.events.at(-1)
    expect(refund).toMatchObject({
      type: "PaymentRefundRequired",
      payload: { orderId: order.id, paymentId: pixAttempt?.id, reason: "pedido já pago por outro pagamento" },
    })

    await w.ok(refundHandler.handle(recorded(refund)))
    await w.ok(refundHandler.handle(recorded(refund)))
    expect(w.gateway.refunds()).toEqual([[pix.id, null, `refund-${pixAttempt?.id}`]])
    expect(w.gateway.payment(pix.id)?.status).toBe("refunded")
    expect(w.db.attempt(pixAttempt?.id ?? "")?.status).toBe("refunded")
    expect(w.db.order(order.id)?.status).toBe("paid")
  })

  describe("an approval that arrives after the order expired", () => {
    // The card was charged but its answer was lost; the order expired before reconciliation found the payment.
    const expiredWithLostApproval = async (cart: "one" | "two" = "one", then: Scripted[] = []) => {
      const w = shopWithCart({ now: NOV_10, script: [{ status: "approved", lost: true }, ...then] })
      if (cart === "two") {
        const game = w.gameCharacters[2]!
        w.db.setStock(game.id, 10)
        w.db.setCart(ana.id, [...w.db.cart(ana.id), { productId: game.id, quantity: 1 }])
      }
      await w.fails(placeOrder(w.input({ couponCode: "BEMVINDO" })))
      w.gateway.fail("paymentsForOrder", unavailable())
      w.advance(3 * MINUTE)
      expect(await w.ok(reconcilePayments())).toMatchObject({
        checked: 1,
        applied: 0,
        recovered: { found: 1, applied: 0 },
      })
      w.advance(60 * MINUTE)
      expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
      const [order] = w.db.orders()
      expect(order?.status).toBe("expired")
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 0 })
      expect(w.db.coupon(COUPON)?.totalUses).toBe(0)
      /** Reconciliation finds the lost approval; the order stays expired and the payment is to be refunded. */
      const refusedLate = async (reason: string) => {
        w.advance(3 * MINUTE)
        await w.ok(reconcilePayments())
        expect(w.db.order(order!.id)?.status).toBe("expired")
        expect(w.events.at(-1)).toMatchObject({ type: "PaymentRefundRequired", payload: { reason } })
      }
      return { w, order: order!, refusedLate }
    }

    it("wins the units back when they are still there", async () => {
      const { w, order } = await expiredWithLostApproval()
      w.advance(3 * MINUTE)
      expect(await w.ok(reconcilePayments())).toMatchObject({ recovered: { found: 1, applied: 1 } })
      expect(w.db.order(order.id)).toMatchObject({
        status: "paid",
        shipsOn: { year: 2026, month: 11, day: 30 },
      })
      expect(w.db.order(order.id)?.lines[0]?.serials).toEqual([1])
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 1 })
      expect(w.db.coupon(COUPON)).toMatchObject({ totalUses: 1, conversions: 1 })
      expect(w.eventTypes()).toEqual(["OrderPlaced", "OrderExpired", "PaymentApproved"])
    })

    it("asks for a refund when they were sold meanwhile", async () => {
      const { w, refusedLate } = await expiredWithLostApproval()
      w.db.setStock(w.product.id, 500, { sold: 500 })
      await refusedLate(LATE_APPROVAL_REFUSALS.soldOut)
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 500 })
      await w.ok(refundHandler.handle(recorded(w.events.at(-1))))
      expect(w.gateway.refunds()).toHaveLength(1)
    })

    it("asks for a refund when the collector bought the edition again meanwhile, past its limit", async () => {
      const { w, refusedLate } = await expiredWithLostApproval("one", [{ status: "pending" }])
      w.db.setLimit(w.product.id, 1)
      w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
      const again = await w.ok(
        placeOrder(w.input({ idempotencyKey: "key-again", payment: { method: "pix" } })),
      )
      expect(again.status).toBe("awaiting_payment")
      await refusedLate(LATE_APPROVAL_REFUSALS.limit)
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 1, sold: 0 })
    })

    it("takes every line's units or none: a line sold out leaves the other's units for sale", async () => {
      const { w, order } = await expiredWithLostApproval("two")
      const game = w.gameCharacters[2]!
      w.db.setStock(game.id, 10, { sold: 10 })
      w.advance(3 * MINUTE)
      await w.ok(reconcilePayments())
      expect(w.db.order(order.id)?.status).toBe("expired")
      expect(w.eventTypes().at(-1)).toBe("PaymentRefundRequired")
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 0 })
    })
  })
})
