import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { ORDER_NUMBER_PATTERN } from "../../domain/orders/orderNumber"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { ana, bruno, CPF, PRICE, paulista, shopWithCart, visa } from "../../tests/fakes/ordersWorld"
import { refused, unavailable } from "../../tests/fakes/scriptedGateway"
import { placeOrder } from "./placeOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const NOV_20 = saoPauloInstant({ year: 2026, month: 11, day: 20 }, 10)

describe("placeOrder", () => {
  it("places a cart with a numbered edition and a coupon, pays it by card and ships it on the 30th", async () => {
    const w = shopWithCart({ now: NOV_10, quantity: 2, sold: 36, script: [{ status: "approved" }] })
    const view = await w.ok(placeOrder(w.input({ couponCode: " bemvindo " })))

    // 2 × R$ 299,90, 10% off, PAC R$ 18,90.
    expect(view.totals).toEqual({
      subtotal: 2 * PRICE,
      discount: 5998,
      coinsDiscount: 0,
      pixDiscount: 0,
      shipping: 1890,
      total: 55872,
    })
    expect(view.number).toBe("LG-2026-000001")
    expect(view.number).toMatch(ORDER_NUMBER_PATTERN)
    expect(view.trackingCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}-[0-9A-HJKMNP-TV-Z]{6}$/)
    expect([view.status, view.statusLabel, view.payment?.message]).toEqual([
      "paid",
      "Pago",
      "Pagamento aprovado!",
    ])
    expect(view.lines.map((l) => [l.productId, l.quantity, l.editionSize, l.serials])).toEqual([
      [w.product.id, 2, 500, [37, 38]],
    ])
    expect(view.shipsOn).toEqual({ year: 2026, month: 11, day: 30 })
    expect(view.couponCode).toBe("BEMVINDO")
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 38 })
    expect(w.db.coupon(w.db.orders()[0]?.couponId ?? "")).toMatchObject({
      totalUses: 1,
      conversions: 1,
      revenue: 55872,
    })
    expect(w.db.details(ana.id)).toEqual({ phone: "", cpf: "52998224725" })
    expect(w.db.cart(ana.id)).toEqual([])
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentApproved"])
    expect(w.events[0]?.payload).toEqual({
      orderId: view.id,
      userId: ana.id,
      number: "LG-2026-000001",
      total: 55872,
    })
    // The gateway got the server's amount, the order as its reference, and as payer the account holder (her
    // account says only 'Ana') with the checkout's CPF, not the parcel's recipient 'Ana Souza'.
    const [request] = w.gateway.createCalls()
    expect(request).toMatchObject({
      orderId: view.id,
      amount: 55872,
      method: "card",
      expiresAt: null,
      payer: { email: ana.email, firstName: "Ana", lastName: "Ana", cpf: "52998224725" },
    })
    expect(request?.attemptId).toBe(w.db.attempts(view.id)[0]?.id)
  })

  it("holds the units and the coupon while a PIX code waits to be paid", async () => {
    const w = shopWithCart({ now: NOV_10, quantity: 2, script: [{ status: "pending" }] })
    const view = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO", payment: { method: "pix" } })))
    expect(view.status).toBe("awaiting_payment")
    expect(view.payment).toMatchObject({ status: "pending", message: "Aguardando o pagamento do PIX." })
    expect(view.payment?.pix?.qrCode).toMatch(/^00020126/)
    expect(view.payBy).toBe(NOV_10 + 30 * 60_000)
    // The code goes to the gateway with a minute more (it refuses under 30 at arrival); the customer is told the
    // order's 30 minutes.
    expect(w.gateway.createCalls()[0]?.expiresAt).toBe(NOV_10 + 31 * 60_000)
    expect(view.payment?.pix?.expiresAt).toBe(view.payBy)
    expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 2, sold: 0 })
    expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(1)
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentInstructionsIssued"])
    // The order holds them now: left in the cart they would read as a second purchase past the limit.
    expect(w.db.cart(ana.id)).toEqual([])
  })

  it("ships an order paid on the 20th with the next month's batch, on the 15th", async () => {
    const w = shopWithCart({ now: NOV_20, script: [{ status: "approved" }] })
    expect((await w.ok(placeOrder(w.input()))).shipsOn).toEqual({ year: 2026, month: 12, day: 15 })
  })

  it("dates the batch by São Paulo's calendar: 22h on the 14th there is already the 15th in UTC", async () => {
    const late = saoPauloInstant({ year: 2026, month: 11, day: 14 }, 22)
    expect(new Date(late).getUTCDate()).toBe(15)
    const w = shopWithCart({ now: late, script: [{ status: "approved" }] })
    expect((await w.ok(placeOrder(w.input()))).shipsOn).toEqual({ year: 2026, month: 11, day: 30 })
  })

  describe("refusals change nothing", () => {
    const unchanged = (w: ReturnType<typeof shopWithCart>) => {
      expect(w.db.orders()).toEqual([])
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 0 })
      expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(0)
      expect(w.gateway.createCalls()).toEqual([])
      expect(w.events).toEqual([])
    }

    it("an empty cart", async () => {
      const w = shopWithCart({ now: NOV_10 })
      w.db.setCart(ana.id, [])
      expect(await w.fails(placeOrder(w.input()))).toMatchObject({
        _tag: "CheckoutRefused",
        message: "Seu carrinho está vazio",
      })
      unchanged(w)
    })

    it("a line that can no longer be bought", async () => {
      const w = shopWithCart({ now: NOV_10 })
      const september = w.characters[0]
      w.db.setCart(ana.id, [...w.db.cart(ana.id), { productId: september?.id ?? "", quantity: 1 }])
      expect(await w.fails(placeOrder(w.input()))).toMatchObject({
        _tag: "CheckoutRefused",
        message: "Personagem 1: Apenas para Assinantes. Remova o item do carrinho para continuar.",
      })
      unchanged(w)
    })

    it("another customer's address", async () => {
      const w = shopWithCart({ now: NOV_10 })
      const hers = w.db.addAddress(bruno.id, { ...paulista, name: "Bruno Lima" })
      expect(await w.fails(placeOrder(w.input({ addressId: hers.id })))).toEqual(
        expect.objectContaining({ message: "Escolha um endereço de entrega", field: "address" }),
      )
      unchanged(w)
    })

    it("a shipping option the quote no longer offers", async () => {
      const w = shopWithCart({ now: NOV_10 })
      expect(await w.fails(placeOrder(w.input({ shippingOptionId: "jadlog" })))).toMatchObject({
        message: PAYMENT_MESSAGES.shippingChanged,
        field: "shipping",
      })
      unchanged(w)
    })

    it.each([
      ["", "CPF é obrigatório"],
      ["111.111.111-11", "CPF inválido"],
      ["529.982.247-26", "CPF inválido"],
    ])("the CPF %j", async (cpf, message) => {
      const w = shopWithCart({ now: NOV_10 })
      expect(await w.fails(placeOrder(w.input({ cpf })))).toMatchObject({ message, field: "cpf" })
      unchanged(w)
      expect(w.db.details(ana.id)).toBeUndefined()
    })

    it.each([
      ["an unknown coupon", "NAOEXISTE", {}, "Cupom não encontrado"],
      ["an expired coupon", "BEMVINDO", { validUntil: NOV_10 - 1 }, "Este cupom expirou"],
      ["a used-up coupon", "BEMVINDO", { maxUses: 3, totalUses: 3 }, "Este cupom atingiu o limite de usos"],
    ])("%s", async (_label, couponCode, coupon, message) => {
      const w = shopWithCart({ now: NOV_10, coupon })
      expect(await w.fails(placeOrder(w.input({ couponCode })))).toMatchObject({
        _tag: "CheckoutRefused",
        message,
        field: "coupon",
      })
      expect(w.db.orders()).toEqual([])
      expect(w.gateway.createCalls()).toEqual([])
    })

    it("installments the gateway does not offer for the amount", async () => {
      const w = shopWithCart({ now: NOV_10 })
      expect(
        await w.fails(placeOrder(w.input({ payment: { method: "card", card: visa(13) } }))),
      ).toMatchObject({ message: "Número de parcelas indisponível para este valor", field: "installments" })
      unchanged(w)
    })

    it("a sold-out edition, and the last units", async () => {
      // After the reveal on the 15th, so the character has its name.
      const w = shopWithCart({ now: NOV_20, size: 100, sold: 100 })
      expect(await w.fails(placeOrder(w.input({ couponCode: "BEMVINDO" })))).toMatchObject({
        message: "Personagem 3: edição esgotada",
      })
      expect(w.db.orders()).toEqual([])
      expect(w.db.stock(w.product.id)).toEqual({ size: 100, reserved: 0, sold: 100 })
      expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(0)
      expect(w.events).toEqual([])

      const few = shopWithCart({ now: NOV_20, quantity: 3, size: 100, sold: 98 })
      expect(await few.fails(placeOrder(few.input()))).toMatchObject({
        message: "Personagem 3: restam apenas 2 unidades",
      })
      expect(few.db.orders()).toEqual([])
    })

    it("a coupon whose last use another order took between pricing and placing", async () => {
      const w = shopWithCart({ now: NOV_10, coupon: { maxUses: 1 } })
      w.gateway.script({ status: "pending" }, { status: "pending" })
      const exits = await Promise.all(
        ["a", "b"].map((key) =>
          w.run(
            placeOrder(w.input({ idempotencyKey: key, couponCode: "BEMVINDO", payment: { method: "pix" } })),
          ),
        ),
      )
      const failures = exits.flatMap((e) => (e._tag === "Failure" ? [JSON.stringify(e.cause)] : []))
      expect(failures).toHaveLength(1)
      expect(failures[0]).toContain("Este cupom atingiu o limite de usos")
      expect(failures[0]).toContain('"field":"coupon"')
      expect(w.db.orders()).toHaveLength(1)
      expect(w.db.stock(w.product.id)?.reserved).toBe(1)
      expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(1)
    })

    it("a visitor", async () => {
      const w = shopWithCart({ now: NOV_10 })
      expect(await w.fails(placeOrder(w.input()), null)).toMatchObject({ _tag: "NotSignedIn" })
      unchanged(w)
    })
  })

  describe("one idempotency key, one order, one charge", () => {
    it("answers a repeated request with the same order without calling the gateway again", async () => {
      const w = shopWithCart({ now: NOV_10, script: [{ status: "approved" }] })
      const first = await w.ok(placeOrder(w.input()))
      w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
      const again = await w.ok(placeOrder(w.input()))
      expect(again).toEqual(first)
      expect(w.db.orders()).toHaveLength(1)
      expect(w.gateway.createCalls()).toHaveLength(1)
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 1 })
    })

    it("places one order and charges once when ten requests with the key arrive at once", async () => {
      const w = shopWithCart({ now: NOV_10, quantity: 2, script: [{ status: "approved" }] })
      const views = await w.ok(
        Effect.all(
          Array.from({ length: 10 }, () => placeOrder(w.input({ couponCode: "BEMVINDO" }))),
          { concurrency: "unbounded" },
        ),
      )
      expect(new Set(views.map((v) => v.id)).size).toBe(1)
      expect(views.map((v) => v.status)).toEqual(Array(10).fill("paid"))
      expect(w.db.orders()).toHaveLength(1)
      expect(w.db.attempts()).toHaveLength(1)
      expect(w.gateway.createCalls()).toHaveLength(1)
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 2 })
      expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(1)
      expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentApproved"])
    })

    it("gives two keys two orders, and the edition's last unit to only one of them", async () => {
      const w = shopWithCart({ now: NOV_10, size: 10, sold: 9 })
      w.gateway.script({ status: "approved" }, { status: "approved" })
      const exits = await Promise.all(
        ["a", "b"].map((key) => w.run(placeOrder(w.input({ idempotencyKey: key })))),
      )
      expect(exits.map((e) => e._tag).sort()).toEqual(["Failure", "Success"])
      expect(w.db.stock(w.product.id)).toEqual({ size: 10, reserved: 0, sold: 10 })
      expect(w.gateway.createCalls()).toHaveLength(1)
    })
  })

  describe("the card's answer", () => {
    it("a refusal rejects the order and gives its units and coupon back", async () => {
      const w = shopWithCart({
        now: NOV_10,
        quantity: 2,
        script: [{ status: "rejected", statusDetail: "cc_rejected_insufficient_amount" }],
      })
      const view = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO" })))
      expect([view.status, view.statusLabel, view.canRetry]).toEqual(["rejected", "Pagamento recusado", true])
      expect(view.payment?.message).toBe(
        "O cartão não tem limite suficiente. Use outro cartão ou pague com PIX.",
      )
      expect(w.db.stock(w.product.id)).toEqual({ size: 500, reserved: 0, sold: 0 })
      expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(0)
      expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentRejected"])
      expect(w.events[1]?.payload).toMatchObject({
        statusDetail: "cc_rejected_insufficient_amount",
        method: "card",
      })
      expect(w.db.cart(ana.id)).toHaveLength(1)
    })

    it("card data the gateway refuses: 'Dados do cartão inválidos', and the order may be paid again", async () => {
      const w = shopWithCart({ now: NOV_10, script: [refused(true)] })
      expect(await w.fails(placeOrder(w.input({ couponCode: "BEMVINDO" })))).toMatchObject({
        _tag: "PaymentFailed",
        message: "Dados do cartão inválidos",
      })
      const [order] = w.db.orders()
      expect(order?.status).toBe("rejected")
      expect(w.db.attempts()[0]).toMatchObject({ status: "rejected", statusDetail: "invalid_card_data" })
      expect(w.db.stock(w.product.id)?.reserved).toBe(0)
      expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(0)
      expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentRejected"])
    })

    it("another refusal of the request: 'Erro ao processar pagamento'", async () => {
      const w = shopWithCart({ now: NOV_10, script: [refused(false)] })
      expect(await w.fails(placeOrder(w.input()))).toMatchObject({ message: "Erro ao processar pagamento" })
      expect(w.db.orders()[0]?.status).toBe("rejected")
    })

    it("no answer: nothing is known, so the attempt stays claimed and the units held", async () => {
      const w = shopWithCart({ now: NOV_10, script: [unavailable()] })
      expect(await w.fails(placeOrder(w.input()))).toMatchObject({
        _tag: "PaymentFailed",
        message: PAYMENT_MESSAGES.gatewayUnavailable,
      })
      expect(w.db.orders()[0]?.status).toBe("awaiting_payment")
      expect(w.db.attempts()[0]).toMatchObject({ status: "new", submittedAt: NOV_10 })
      expect(w.db.stock(w.product.id)?.reserved).toBe(1)
      expect(w.eventTypes()).toEqual(["OrderPlaced"])
    })
  })

  it("ships a subscriber's order free, asking once whom the customer subscribes to", async () => {
    const w = shopWithCart({ now: NOV_10, subscribed: ["anime"], script: [{ status: "approved" }] })
    const view = await w.ok(placeOrder(w.input()))
    expect(view.totals).toMatchObject({ subtotal: PRICE, shipping: 0, total: PRICE })
    // The cart is priced once for the lines, the shipping quote and its subscriber discount alike.
    expect(w.entitlementLookups()).toBe(1)
  })

  it("keeps the CPF typed at checkout on the customer's details", async () => {
    const w = shopWithCart({ now: NOV_10, script: [{ status: "approved" }] })
    await w.ok(placeOrder(w.input({ cpf: CPF })))
    expect(w.db.details(ana.id)?.cpf).toBe("52998224725")
  })
})
