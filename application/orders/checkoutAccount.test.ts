import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { ana, bruno, PRICE, paulista, shopWithCart } from "../../tests/fakes/ordersWorld"
import { removeMyAddress, saveMyAddress } from "./addressBook"
import { myDetails, PHONE_MESSAGE, saveMyDetails } from "./customerDetails"
import { placeOrder } from "./placeOrder"
import { priceCheckout } from "./priceCheckout"
import { listMyOrders } from "./views"

const NOV_20 = saoPauloInstant({ year: 2026, month: 11, day: 20 }, 10)
const form = { ...paulista, zipCode: "01310-100" }

describe("priceCheckout", () => {
  it("prices the cart on the server, preselects the cheapest shipping and reports a coupon's problem", async () => {
    const w = shopWithCart({ now: NOV_20, quantity: 2, coupon: { minimumOrderValue: 100_000 } })
    const priced = await w.ok(
      priceCheckout({ addressId: w.address.id, shippingOptionId: null, couponCode: "BEMVINDO" }),
    )
    expect(priced.shipping?.id).toBe("pac")
    expect(priced.shippingOptions.map((o) => o.id)).toEqual(["pac", "sedex"])
    expect(priced.coupon).toBeNull()
    expect(priced.couponError).toMatch(/^Este cupom vale para pedidos a partir de R\$\s1\.000,00$/)
    expect(priced.totals).toEqual({
      subtotal: 2 * PRICE,
      discount: 0,
      coinsDiscount: 0,
      pixDiscount: 0,
      shipping: 1890,
      total: 2 * PRICE + 1890,
    })
    expect(w.db.coupon("c0000000-0000-4000-8000-000000000001")?.totalUses).toBe(0)
  })

  it("gives free shipping with a free-shipping coupon", async () => {
    const w = shopWithCart({ now: NOV_20, coupon: { type: "free_shipping", value: 0 } })
    const priced = await w.ok(
      priceCheckout({ addressId: w.address.id, shippingOptionId: "sedex", couponCode: "bemvindo" }),
    )
    expect(priced.totals).toEqual({
      subtotal: PRICE,
      discount: 0,
      coinsDiscount: 0,
      pixDiscount: 0,
      shipping: 0,
      total: PRICE,
    })
  })
})

describe("address book", () => {
  it("saves a valid address for its owner only, the first one as default", async () => {
    const w = shopWithCart({ now: NOV_20 })
    const saved = await w.ok(saveMyAddress({ address: form, makeDefault: false }), bruno)
    expect(saved).toMatchObject({ zipCode: "01310100", isDefault: true })
    expect(w.db.addresses(bruno.id)).toHaveLength(1)
    expect(w.db.addresses(ana.id)).toHaveLength(1)
  })

  it("refuses a field with its pt-BR message and field name, and saves nothing", async () => {
    const w = shopWithCart({ now: NOV_20 })
    expect(
      await w.fails(saveMyAddress({ address: { ...form, state: "RJ" }, makeDefault: false }), bruno),
    ).toMatchObject({ message: "O CEP informado não pertence a este estado", field: "zipCode" })
    expect(w.db.addresses(bruno.id)).toEqual([])
  })

  it("does not let one customer edit or remove another's address", async () => {
    const w = shopWithCart({ now: NOV_20 })
    expect(
      await w.fails(saveMyAddress({ id: w.address.id, address: form, makeDefault: true }), bruno),
    ).toMatchObject({ message: "Endereço não encontrado" })
    expect(await w.fails(removeMyAddress(w.address.id), bruno)).toMatchObject({
      message: "Endereço não encontrado",
    })
    expect(w.db.addresses(ana.id)).toHaveLength(1)
  })

  it("keeps at most ten addresses", async () => {
    const w = shopWithCart({ now: NOV_20 })
    for (let i = 0; i < 9; i++) await w.ok(saveMyAddress({ address: form, makeDefault: false }))
    expect(await w.fails(saveMyAddress({ address: form, makeDefault: false }))).toMatchObject({
      message: "Você pode guardar até 10 endereços",
    })
  })
})

describe("customer details", () => {
  it("saves a phone and a CPF; an empty CPF keeps the one on file", async () => {
    const w = shopWithCart({ now: NOV_20 })
    await w.ok(saveMyDetails({ phone: "+55 (11) 98765-4321", cpf: "529.982.247-25" }))
    await w.ok(saveMyDetails({ phone: "(11) 3333-4444", cpf: " " }))
    expect(await w.ok(myDetails())).toEqual({ phone: "1133334444", cpf: "52998224725" })
  })

  it.each([
    [{ phone: "123", cpf: "" }, PHONE_MESSAGE, "phone"],
    [{ phone: "", cpf: "123.456.789-00" }, "CPF inválido", "cpf"],
  ])("refuses %j", async (input, message, field) => {
    const w = shopWithCart({ now: NOV_20 })
    expect(await w.fails(saveMyDetails(input))).toMatchObject({ message, field })
    expect(w.db.details(ana.id)).toBeUndefined()
  })

  it("needs a signed-in customer", async () => {
    const w = shopWithCart({ now: NOV_20 })
    expect(await w.fails(myDetails(), null)).toMatchObject({ _tag: "NotSignedIn" })
  })
})

describe("listMyOrders", () => {
  it("lists the customer's own orders only", async () => {
    const w = shopWithCart({ now: NOV_20, script: [{ status: "approved" }] })
    const order = await w.ok(placeOrder(w.input()))
    expect(await w.ok(listMyOrders())).toEqual([
      expect.objectContaining({
        id: order.id,
        status: "paid",
        items: 1,
        method: "card",
        // What it bought, in one phrase: the character (revealed by the 20th), its collection and number.
        firstItemName: "Personagem 3, Coleção Anime, nº 1/500",
        fulfilmentStatus: "awaiting_production",
      }),
    ])
    expect(await w.ok(listMyOrders(), bruno)).toEqual([])
  })
})
