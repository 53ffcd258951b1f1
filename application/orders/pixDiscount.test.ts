import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import { ana, CPF, ordersWorld, PRICE, paulista, shopWithCart, visa } from "../../tests/fakes/ordersWorld"
import { pricedCart } from "../cart/pricedCart"
import { installmentOptions } from "./checkoutOptions"
import { payOrder } from "./payOrder"
import { placeOrder } from "./placeOrder"
import { quoteCheckout } from "./quoteCheckout"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const PAC = 1890
/** R$ 299,90 less 5 %, rounded down: R$ 284,90. */
const PIX_PRICE = 28490

const withTerms = (priceTerms: Partial<typeof DEFAULT_CONVENTIONS.priceTerms>) => ({
  settings: {
    conventions: { ...DEFAULT_CONVENTIONS, priceTerms: { ...DEFAULT_CONVENTIONS.priceTerms, ...priceTerms } },
  },
})

describe("the PIX discount at checkout", () => {
  it("records the store's discount on the order and charges the PIX price", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    const view = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const totals = { subtotal: PRICE, discount: 0, coinsDiscount: 0, shipping: PAC }
    expect(view.totals).toEqual({ ...totals, pixDiscount: PRICE - PIX_PRICE, total: PIX_PRICE + PAC })
    expect(w.db.order(view.id)).toMatchObject({ pixDiscountBasisPoints: 500, totals: view.totals })
    expect(w.gateway.createCalls().map((r) => [r.method, r.amount])).toEqual([["pix", PIX_PRICE + PAC]])
    expect(w.db.attempts(view.id).map((a) => a.amount)).toEqual([PIX_PRICE + PAC])
    expect(w.events[0]?.payload).toMatchObject({ total: PIX_PRICE + PAC })
  })

  it("charges exactly what the checkout page showed, by PIX and by card", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }, { status: "approved" }] })
    const shown = await w.ok(
      quoteCheckout({ addressId: w.address.id, shippingOptionId: "pac", couponCode: "BEMVINDO" }),
    )
    expect(shown.pix?.percent).toBe("5%")
    const cart = w.db.cart(ana.id)
    const byPix = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO", payment: { method: "pix" } })))
    expect(byPix.totals).toEqual(shown.pix?.totals)
    w.db.setCart(ana.id, cart) // the PIX order took its lines out of the cart
    const byCard = await w.ok(
      placeOrder(
        w.input({
          couponCode: "BEMVINDO",
          idempotencyKey: "key-2",
          payment: { method: "card", card: visa() },
        }),
      ),
    )
    expect(byCard.totals).toEqual(shown.totals)
    expect(w.gateway.createCalls().map((r) => r.amount)).toEqual([
      shown.pix?.totals.total,
      shown.totals.total,
    ])
  })

  it("charges two units what the cart showed: twice the card's PIX price, not 5 % off their sum", async () => {
    const w = shopWithCart({ now: NOV_10, quantity: 2, script: [{ status: "pending" }] })
    const cart = await w.ok(pricedCart(w.db.cart(ana.id)))
    // 2 × R$ 284,90 = R$ 569,80; 5 % off R$ 599,80 rounded once would be R$ 569,81.
    expect(cart.prices?.pixCents).toBe(2 * PIX_PRICE)
    const shown = await w.ok(
      quoteCheckout({ addressId: w.address.id, shippingOptionId: "pac", couponCode: null }),
    )
    expect(shown.pix?.totals.total).toBe(2 * PIX_PRICE + PAC)
    const view = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    expect(view.totals.total).toBe(2 * PIX_PRICE + PAC)
    expect(w.gateway.createCalls().map((r) => r.amount)).toEqual([2 * PIX_PRICE + PAC])
  })

  it("takes it after the coupon, on the items only (never the shipping)", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
    const view = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO", payment: { method: "pix" } })))
    // R$ 299,90 − 10 % = R$ 269,91; 5 % of it is R$ 13,50 (the buyer keeps the fraction).
    expect(view.totals).toMatchObject({
      discount: 2999,
      pixDiscount: 1350,
      shipping: PAC,
      total: 25641 + PAC,
    })
  })

  it.each([
    ["card", { method: "card", card: visa() }, [{ status: "approved" }]],
    ["boleto", { method: "boleto" }, [{ status: "pending" }]],
  ] as const)(
    "gives none by %s, and still records the offer for a later switch",
    async (_, payment, script) => {
      const w = shopWithCart({ now: NOV_10, script })
      const view = await w.ok(placeOrder(w.input({ payment })))
      expect(view.totals).toMatchObject({ pixDiscount: 0, total: PRICE + PAC })
      expect(w.db.order(view.id)?.pixDiscountBasisPoints).toBe(500)
      expect(w.gateway.createCalls()[0]?.amount).toBe(PRICE + PAC)
    },
  )

  it("gives none when the store offers none", async () => {
    const w = shopWithCart({
      now: NOV_10,
      script: [{ status: "pending" }],
      ...withTerms({ pixDiscountBasisPoints: 0 }),
    })
    const view = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    expect(view.totals).toMatchObject({ pixDiscount: 0, total: PRICE + PAC })
    expect(w.db.order(view.id)?.pixDiscountBasisPoints).toBe(0)
  })

  it("switching from PIX to a card charges the card price, and the card step is for that price", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }, { status: "approved" }] })
    const waiting = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const options = await w.ok(installmentOptions({ orderId: waiting.id }, null))
    expect(options[0]?.totalAmount).toBe(PRICE + PAC)
    const paid = await w.ok(
      payOrder({ orderId: waiting.id, idempotencyKey: "key-2", payment: { method: "card", card: visa(2) } }),
    )
    expect(paid.totals).toMatchObject({ pixDiscount: 0, total: PRICE + PAC })
    expect(w.db.order(waiting.id)?.totals.total).toBe(PRICE + PAC)
    expect(w.gateway.createCalls().map((r) => r.amount)).toEqual([PIX_PRICE + PAC, PRICE + PAC])
  })

  it("switching from a refused card to PIX gives the order's own discount", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "rejected" }, { status: "pending" }] })
    const refused = await w.ok(placeOrder(w.input()))
    expect(refused.totals.total).toBe(PRICE + PAC)
    const waiting = await w.ok(
      payOrder({ orderId: refused.id, idempotencyKey: "key-2", payment: { method: "pix" } }),
    )
    expect(waiting.totals).toMatchObject({ pixDiscount: PRICE - PIX_PRICE, total: PIX_PRICE + PAC })
    expect(w.db.order(refused.id)?.totals.total).toBe(PIX_PRICE + PAC)
    expect(w.gateway.createCalls().map((r) => r.amount)).toEqual([PRICE + PAC, PIX_PRICE + PAC])
    expect(w.db.attempts(refused.id).map((a) => a.amount)).toEqual([PRICE + PAC, PIX_PRICE + PAC])
  })

  it("gives a prepaid plan bought by PIX the discount too", async () => {
    const w = ordersWorld({ now: NOV_10, script: [{ status: "pending" }] })
    const address = w.db.addAddress(ana.id, paulista)
    const view = await w.ok(
      placeOrder({
        plan: { collectionId: w.anime.id, planId: "quarterly" },
        addressId: address.id,
        shippingOptionId: "plan",
        couponCode: null,
        idempotencyKey: "plan-key-1",
        cpf: CPF,
        payment: { method: "pix" },
      }),
    )
    // 3 × R$ 299,90 less the plan's 10 % is R$ 809,73; by PIX R$ 769,24.
    expect(view.totals).toEqual({
      subtotal: 89970,
      discount: 8997,
      coinsDiscount: 0,
      pixDiscount: 4049,
      shipping: 0,
      total: 76924,
    })
    expect(w.gateway.createCalls()[0]?.amount).toBe(76924)
  })
})

describe("the card step on the store's terms", () => {
  it("offers no interest-free instalment past the store's setting, and refuses one when placing", async () => {
    // The scripted gateway's account pays the interest up to 3x; the store offers 2x.
    const w = shopWithCart({ now: NOV_10, ...withTerms({ interestFreeInstallments: 2 }) })
    const options = await w.ok(
      installmentOptions({ addressId: w.address.id, shippingOptionId: "pac", couponCode: null }, null),
    )
    expect(options.filter((o) => o.rate === 0).map((o) => o.installments)).toEqual([1, 2])
    expect(options.map((o) => o.installments)).not.toContain(3)
    expect(await w.fails(placeOrder(w.input({ payment: { method: "card", card: visa(3) } })))).toMatchObject({
      _tag: "CheckoutRefused",
      message: PAYMENT_MESSAGES.installments,
      field: "installments",
    })
    expect(w.db.orders()).toHaveLength(0)
  })
})
