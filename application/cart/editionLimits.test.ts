import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { editionLimitMessage, mergeCapNotice } from "../../domain/editions/editionLimit"
import { ana, bruno, shopWithCart } from "../../tests/fakes/ordersWorld"
import { placeOrder } from "../orders/placeOrder"
import { addToMyCart, mergeGuestCart, priceGuestCart, setMyCartQuantity, viewMyCart } from "./cartCommands"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const limited = (limit: number) => {
  const w = shopWithCart({ now: NOV_10, script: [{ status: "pending" }] })
  w.db.setLimit(w.product.id, limit)
  return w
}

describe("the cart and per-collector limits", () => {
  it("refuses to raise a line past the limit and changes nothing; lowering is always allowed", async () => {
    const w = limited(2)
    expect((await w.ok(setMyCartQuantity(w.product.id, 2))).lines[0]?.quantity).toBe(2)
    expect(await w.fails(setMyCartQuantity(w.product.id, 3))).toMatchObject({
      _tag: "CheckoutRefused",
      message: editionLimitMessage(2),
    })
    expect(w.db.cart(ana.id)).toEqual([{ productId: w.product.id, quantity: 2 }])
    expect((await w.ok(setMyCartQuantity(w.product.id, 1))).lines[0]?.quantity).toBe(1)
  })

  it("counts what the collector already holds, and says so on the line", async () => {
    const w = limited(1)
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    // The PIX order took the unit out of the cart; put back, it is beyond Ana's share while the PIX waits.
    expect((await w.ok(viewMyCart())).lines).toEqual([])
    w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
    const view = await w.ok(viewMyCart())
    expect(view.lines[0]).toMatchObject({
      quantity: 1,
      buyable: true,
      limitProblem: editionLimitMessage(1, 1),
      maxQuantity: 0,
    })

    // Bruno holds nothing under his own name; once he has checked out with Ana's CPF, he shares her share.
    w.db.setCart(bruno.id, [])
    expect((await w.ok(addToMyCart(w.product.id), bruno)).lines[0]).not.toHaveProperty("limitProblem")
    w.db.setCart(bruno.id, [])
    w.db.setDetails(bruno.id, { phone: "", cpf: "52998224725" })
    expect(await w.fails(addToMyCart(w.product.id), bruno)).toMatchObject({
      message: editionLimitMessage(1, 1),
    })
    expect(w.db.cart(bruno.id)).toEqual([])
  })

  it("merges a visitor's cart within the collector's share, and says what it lowered or removed", async () => {
    const w = limited(1)
    w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
    const merged = await w.ok(mergeGuestCart([{ productId: w.product.id, quantity: 1 }]))
    expect(w.db.cart(ana.id)).toEqual([{ productId: w.product.id, quantity: 1 }])
    expect(merged.cart.lines[0]).not.toHaveProperty("limitProblem")
    expect(merged.notices).toEqual([mergeCapNotice(merged.cart.lines[0]?.name ?? "", 1)])

    // Holding the unit already (a PIX awaiting payment), the line leaves the cart and she is told why.
    await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const again = await w.ok(mergeGuestCart([{ productId: w.product.id, quantity: 1 }]))
    expect(w.db.cart(ana.id)).toEqual([])
    expect(again.notices).toEqual([
      expect.stringContaining("saiu do carrinho: você já tem o limite desta edição"),
    ])
  })

  it("tells a visitor when a line asks for more than the limit", async () => {
    const w = limited(1)
    const priced = await w.ok(priceGuestCart([{ productId: w.product.id, quantity: 2 }]), null)
    expect(priced.lines[0]).toMatchObject({ limitProblem: editionLimitMessage(1), maxQuantity: 1 })
    const fine = await w.ok(priceGuestCart([{ productId: w.product.id, quantity: 1 }]), null)
    expect(fine.lines[0]).not.toHaveProperty("limitProblem")
    // The cart's '+' stops at the limit.
    expect(fine.lines[0]?.maxQuantity).toBe(1)
  })
})
