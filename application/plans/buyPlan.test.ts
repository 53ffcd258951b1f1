import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { PLAN_MESSAGES } from "../../domain/subscriptions/prepaidPlans"
import { ana, CPF, ordersWorld, paulista, visa } from "../../tests/fakes/ordersWorld"
import { applyGatewayPayment } from "../orders/applyGatewayPayment"
import { expireOrders } from "../orders/expireOrders"
import { type PlaceOrderInput, placeOrder } from "../orders/placeOrder"
import { priceCheckout } from "../orders/priceCheckout"
import { listMyOrders, paymentView } from "../orders/views"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

/** Ana at the checkout of a plan for the "anime" collection (R$ 299,90 a character), her cart left as it is. */
function planCheckout(options: Parameters<typeof ordersWorld>[0] = { now: NOV_10 }) {
  const w = ordersWorld(options)
  const address = w.db.addAddress(ana.id, paulista)
  const product = w.characters[2]
  if (!product) throw new Error("no November character")
  w.db.setCart(ana.id, [{ productId: product.id, quantity: 1 }])
  const input = (planId = "quarterly", over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    plan: { collectionId: w.anime.id, planId },
    addressId: address.id,
    shippingOptionId: "plan",
    couponCode: null,
    idempotencyKey: "plan-key-1",
    cpf: CPF,
    payment: { method: "pix" },
    ...over,
  })
  return { ...w, address, product, input }
}

describe("pricing a prepaid plan at the checkout", () => {
  it("prices it on the server: per-character price × months less the discount, free shipping, no lines", async () => {
    const w = planCheckout()
    const priced = await w.ok(priceCheckout(w.input()))
    expect(priced.totals).toEqual({
      subtotal: 89970,
      discount: 8997,
      coinsDiscount: 0,
      pixDiscount: 0,
      shipping: 0,
      total: 80973,
    })
    expect(priced.lines).toEqual([])
    expect(priced.shippingOptions).toHaveLength(1)
    expect(priced.shipping).toMatchObject({ id: "plan", price: 0 })
    expect(priced.plan).toMatchObject({ planId: "quarterly", months: 3, collectionName: "Anime" })
  })

  it("follows the administrator's price and refuses a coupon (the plan carries its discount)", async () => {
    const w = planCheckout()
    const row = w.plans.get("semiannual")
    if (!row) throw new Error("seed")
    w.plans.set("semiannual", { ...row, price: 150000 })
    const priced = await w.ok(priceCheckout({ ...w.input("semiannual"), couponCode: "BEMVINDO" }))
    expect(priced.totals.total).toBe(150000)
    expect(priced.coupon).toBeNull()
    expect(priced.couponError).toBe(PLAN_MESSAGES.noCoupons)
    expect(await w.fails(placeOrder(w.input("semiannual", { couponCode: "BEMVINDO" })))).toMatchObject({
      _tag: "CheckoutRefused",
      message: PLAN_MESSAGES.noCoupons,
      field: "coupon",
    })
  })

  it.each([
    ["an unknown plan", "monthly-plan", PLAN_MESSAGES.notFound],
    ["a plan switched off", "annual", PLAN_MESSAGES.unavailable],
  ])("refuses %s in pt-BR and places nothing", async (_, planId, message) => {
    const w = planCheckout()
    const annual = w.plans.get("annual")
    if (!annual) throw new Error("seed")
    w.plans.set("annual", { ...annual, isActive: false })
    expect(await w.fails(priceCheckout(w.input(planId)))).toMatchObject({ _tag: "CheckoutRefused", message })
    expect(await w.fails(placeOrder(w.input(planId)))).toMatchObject({ _tag: "CheckoutRefused", message })
    expect(w.db.orders()).toHaveLength(0)
  })

  it("refuses an unknown collection", async () => {
    const w = planCheckout()
    const refusal = await w.fails(
      priceCheckout({ ...w.input(), plan: { collectionId: "no-such-collection", planId: "quarterly" } }),
    )
    expect(refusal).toMatchObject({ message: "Coleção não encontrada" })
  })
})

describe("buying a prepaid plan", () => {
  it("places a plan order paid by PIX: PrepaidPlanPaid is recorded once, with the payment, and the cart stays", async () => {
    const w = planCheckout({ now: NOV_10, script: [{ status: "pending" }] })
    const placed = await w.ok(placeOrder(w.input()))
    expect(placed).toMatchObject({
      status: "awaiting_payment",
      kind: "plan",
      // By PIX, 5 % off the plan's price: R$ 809,73 → R$ 769,24.
      totals: { pixDiscount: 4049, total: 76924, shipping: 0 },
      plan: { label: "Plano Trimestral — Coleção Anime, 3 meses", months: 3, planId: "quarterly" },
    })
    const pixId = w.db.attempts(placed.id)[0]?.gatewayPaymentId ?? ""
    expect(w.gateway.payment(pixId)?.amount).toBe(76924)

    const approved = w.gateway.setStatus(pixId, "approved")
    expect(await w.ok(applyGatewayPayment(approved))).toBe("approved")
    // A repeated webhook changes nothing.
    expect(await w.ok(applyGatewayPayment(approved))).toBe("unchanged")

    expect(w.eventTypes()).toEqual([
      "OrderPlaced",
      "PaymentInstructionsIssued",
      "PaymentApproved",
      "PrepaidPlanPaid",
    ])
    expect(w.events.find((e) => e.type === "PrepaidPlanPaid")?.payload).toEqual({
      orderId: placed.id,
      userId: ana.id,
      collectionId: w.anime.id,
      planId: "quarterly",
      months: 3,
      paidAt: NOV_10,
    })
    const paid = await w.ok(paymentView(placed.id))
    expect(paid).toMatchObject({ status: "paid", shipsOn: { year: 2026, month: 11, day: 30 } })
    expect(w.db.cart(ana.id)).toHaveLength(1)
    expect((await w.ok(listMyOrders()))[0]).toMatchObject({
      firstItemName: "Plano Trimestral — Coleção Anime, 3 meses",
      items: 1,
      fulfilmentStatus: "plan_active",
    })
  })

  it("pays by card with installments, the amount from the server", async () => {
    const w = planCheckout({ now: NOV_10, script: [{ status: "approved" }] })
    const paid = await w.ok(placeOrder(w.input("annual", { payment: { method: "card", card: visa(6) } })))
    expect(paid).toMatchObject({ status: "paid", payment: { installments: 6, amount: 287904 } })
    expect(w.eventTypes().filter((t) => t === "PrepaidPlanPaid")).toHaveLength(1)
  })

  it("expires unpaid like any order, and never starts the plan", async () => {
    const w = planCheckout({ now: NOV_10, script: [{ status: "pending" }] })
    const placed = await w.ok(placeOrder(w.input("quarterly", { payment: { method: "boleto" } })))
    w.advance(10 * 24 * 60 * 60_000)
    await w.ok(expireOrders())
    expect(w.db.order(placed.id)?.status).toBe("expired")
    expect(w.eventTypes()).not.toContain("PrepaidPlanPaid")
  })
})
