import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { shopWithCart, visa } from "../../tests/fakes/ordersWorld"
import { unavailable } from "../../tests/fakes/scriptedGateway"
import type { GatewayPayment } from "../ports/PaymentGateway"
import { applyGatewayPayment } from "./applyGatewayPayment"
import { payOrder } from "./payOrder"
import { placeOrder } from "./placeOrder"
import { reconcilePayments } from "./reconcilePayments"
import { recoverInterruptedPayments, UNANSWERED_CLAIM_MS } from "./recoverInterruptedPayments"
import { paymentView } from "./views"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const PAST_CLAIM = UNANSWERED_CLAIM_MS + 1_000

/** Ana's order was committed with its attempt claimed, and the request died before the gateway had a payment. */
const crashedCheckout = async (method: "card" | "pix" = "card") => {
  const w = shopWithCart({ now: NOV_10, script: [unavailable("killed")] })
  await w.fails(placeOrder(w.input(method === "pix" ? { payment: { method: "pix" } } : {})))
  return w
}

describe("recoverInterruptedPayments", () => {
  it("applies a payment the gateway did make under the attempt's key", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "approved", lost: true }] })
    await w.fails(placeOrder(w.input()))
    w.advance(PAST_CLAIM)
    expect(await w.ok(recoverInterruptedPayments())).toEqual({ found: 1, applied: 1, interrupted: 0 })
    expect(w.db.orders()[0]?.status).toBe("paid")
    expect(w.db.attempts()[0]).toMatchObject({ status: "approved", gatewayPaymentId: "mp-1" })
    expect(w.gateway.createCalls()).toHaveLength(1)
  })

  it("offers a card the gateway never got again: no refusal, no charge, the units still held", async () => {
    const w = await crashedCheckout()
    w.advance(PAST_CLAIM)
    expect(await w.ok(recoverInterruptedPayments())).toEqual({ found: 1, applied: 0, interrupted: 1 })
    const [order] = w.db.orders()
    expect(w.gateway.calls("paymentsForOrder").map((c) => c.args[0])).toEqual([order?.id])
    expect(order?.status).toBe("awaiting_payment")
    expect(w.db.attempts()[0]).toMatchObject({ status: "interrupted", statusDetail: "not_submitted" })
    expect(w.db.stock(w.product.id)?.reserved).toBe(1)
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentInterrupted"])
    const view = await w.ok(paymentView(order?.id ?? ""))
    expect(view).toMatchObject({ status: "awaiting_payment", canRetry: true })
    expect(view.payment).toMatchObject({ status: "interrupted", message: PAYMENT_MESSAGES.interrupted })
    // Run again: nothing left to do.
    expect(await w.ok(recoverInterruptedPayments())).toEqual({ found: 0, applied: 0, interrupted: 0 })

    // The customer pays again from the order page, under a new key.
    w.gateway.script({ status: "approved" })
    const paid = await w.ok(
      payOrder({
        orderId: order?.id ?? "",
        idempotencyKey: "key-2",
        payment: { method: "card", card: visa() },
      }),
    )
    expect(paid.status).toBe("paid")
    expect(w.eventTypes()).not.toContain("PaymentRejected")
  })

  it("offers a PIX the gateway never issued again, without a refusal", async () => {
    const w = await crashedCheckout("pix")
    w.advance(PAST_CLAIM)
    expect(await w.ok(recoverInterruptedPayments())).toEqual({ found: 1, applied: 0, interrupted: 1 })
    expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
    expect(w.db.attempts()[0]).toMatchObject({ method: "pix", status: "interrupted" })
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentInterrupted"])
  })

  it("leaves a claim that may still be in flight on another instance alone", async () => {
    const w = await crashedCheckout()
    w.advance(UNANSWERED_CLAIM_MS - 1_000)
    expect(await w.ok(recoverInterruptedPayments())).toEqual({ found: 0, applied: 0, interrupted: 0 })
    expect(w.gateway.calls("paymentsForOrder")).toEqual([])
    expect(w.db.attempts()[0]).toMatchObject({ status: "new" })
  })

  it("leaves the attempt for the next run when the gateway cannot be asked", async () => {
    const w = await crashedCheckout()
    w.advance(PAST_CLAIM)
    w.gateway.fail("paymentsForOrder", unavailable())
    expect(await w.ok(recoverInterruptedPayments())).toEqual({ found: 1, applied: 0, interrupted: 0 })
    expect(w.db.attempts()[0]).toMatchObject({ status: "new" })
  })

  it("runs with every reconciliation, long before the old ten minutes", async () => {
    const w = await crashedCheckout()
    w.advance(PAST_CLAIM)
    expect(await w.ok(reconcilePayments())).toMatchObject({ recovered: { interrupted: 1 } })
    expect(w.db.attempts()[0]?.status).toBe("interrupted")
  })

  it("applies a payment that turns up after all, even once its attempt was offered again", async () => {
    const w = await crashedCheckout()
    w.advance(PAST_CLAIM)
    await w.ok(recoverInterruptedPayments())
    const [attempt] = w.db.attempts()
    // The gateway's search lagged behind a payment it did make: its webhook brings it.
    const late: GatewayPayment = {
      id: "mp-late",
      orderId: attempt?.orderId ?? "",
      attemptId: attempt?.id ?? "",
      status: "approved",
      statusDetail: "accredited",
      amount: attempt?.amount ?? 0,
      installments: 1,
      paymentMethodId: "visa",
      cardLastFour: "4242",
      approvedAt: NOV_10,
      pix: null,
      boleto: null,
    }
    expect(await w.ok(applyGatewayPayment(late))).toBe("approved")
    expect(w.db.orders()[0]?.status).toBe("paid")
  })
})

describe("a retry of the crashed checkout with the same key", () => {
  it("sends the attempt again under its key, and the card is charged once", async () => {
    const w = await crashedCheckout()
    w.advance(PAST_CLAIM)
    w.gateway.script({ status: "approved" })
    const view = await w.ok(placeOrder(w.input()))
    expect(view.status).toBe("paid")
    const [first, second] = w.gateway.createCalls()
    expect(second?.attemptId).toBe(first?.attemptId)
    expect(w.gateway.payments()).toHaveLength(1)
  })

  it("after recovery, answers with the order offering to pay again", async () => {
    const w = await crashedCheckout()
    w.advance(PAST_CLAIM)
    await w.ok(recoverInterruptedPayments())
    const view = await w.ok(placeOrder(w.input()))
    expect(view).toMatchObject({
      status: "awaiting_payment",
      canRetry: true,
      payment: { status: "interrupted" },
    })
    expect(w.gateway.createCalls()).toHaveLength(1)
  })
})
