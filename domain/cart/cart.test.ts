import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  addLine,
  CART_MESSAGES,
  type Cart,
  cartTotals,
  checkoutGate,
  clearCart,
  MAX_QUANTITY,
  MIN_QUANTITY,
  mergeCarts,
  normalizeQuantity,
  type PricedLine,
  removeLine,
  setQuantity,
} from "./cart"

const line = (productId: string, quantity: number) => ({ productId, quantity })

describe("normalizeQuantity", () => {
  it.each<[unknown, number | "remove"]>([
    [1, 1],
    [5, 5],
    [10, 10],
    [11, 10],
    [999, 10],
    [Number.POSITIVE_INFINITY, 10],
    [0, "remove"],
    [-1, "remove"],
    [-0, "remove"],
    [0.9, "remove"],
    [-0.5, "remove"],
    [Number.NEGATIVE_INFINITY, "remove"],
    [2.7, 2],
    [10.9, 10],
    ["3", 3],
    [" 4 ", 4],
    ["2.9", 2],
    ["0", "remove"],
    ["-3", "remove"],
    ["12", 10],
    ["abc", 1],
    ["3abc", 1],
    ["", 1],
    ["   ", 1],
    [Number.NaN, 1],
    [undefined, 1],
    [null, 1],
    [true, 1],
    [{}, 1],
    [[2], 1],
  ])("%o → %o", (raw, expected) => {
    expect(normalizeQuantity(raw)).toBe(expected)
  })

  it("always yields an integer in [1, 10] or a removal", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.anything()), (raw) => {
        const q = normalizeQuantity(raw)
        if (q === "remove") return
        expect(Number.isInteger(q)).toBe(true)
        expect(q).toBeGreaterThanOrEqual(MIN_QUANTITY)
        expect(q).toBeLessThanOrEqual(MAX_QUANTITY)
      }),
    )
  })
})

describe("addLine", () => {
  it("appends a new product with quantity 1", () => {
    const result = addLine([line("a", 3)], "b")
    expect(result).toEqual({ ok: true, cart: [line("a", 3), line("b", 1)] })
  })

  it("refuses a product already in the cart and leaves it untouched", () => {
    const cart: Cart = [line("a", 3)]
    expect(addLine(cart, "a")).toEqual({
      ok: false,
      error: { title: "Item já no carrinho", message: "Este item já está no seu carrinho." },
    })
    expect(cart).toEqual([line("a", 3)])
  })
})

describe("setQuantity", () => {
  const cart: Cart = [line("a", 2), line("b", 1)]

  it.each<[unknown, Cart]>([
    [5, [line("a", 5), line("b", 1)]],
    [42, [line("a", 10), line("b", 1)]],
    ["3", [line("a", 3), line("b", 1)]],
    ["x", [line("a", 1), line("b", 1)]],
    [0, [line("b", 1)]],
    [-2, [line("b", 1)]],
  ])("a → %o", (raw, expected) => {
    expect(setQuantity(cart, "a", raw)).toEqual(expected)
  })

  it("leaves the cart unchanged for an unknown product", () => {
    expect(setQuantity(cart, "zzz", 4)).toBe(cart)
    expect(setQuantity(cart, "zzz", 0)).toBe(cart)
  })
})

describe("removeLine and clearCart", () => {
  it.each<[Cart, string, Cart]>([
    [[line("a", 1), line("b", 2)], "a", [line("b", 2)]],
    [[line("a", 1), line("b", 2)], "b", [line("a", 1)]],
    [[line("a", 1)], "zzz", [line("a", 1)]],
    [[], "a", []],
  ])("%o − %s → %o", (cart, id, expected) => {
    expect(removeLine(cart, id)).toEqual(expected)
  })

  it("clears to an empty cart", () => {
    expect(clearCart()).toEqual([])
  })
})

describe("mergeCarts", () => {
  it.each<[string, Cart, Cart, Cart]>([
    ["empty guest keeps the server cart", [line("a", 2)], [], [line("a", 2)]],
    ["empty server takes the guest cart", [], [line("b", 3)], [line("b", 3)]],
    ["same product adds quantities", [line("a", 2)], [line("a", 3)], [line("a", 5)]],
    ["sum is capped at 10", [line("a", 7)], [line("a", 6)], [line("a", 10)]],
    [
      "server order first, then new guest lines",
      [line("a", 1), line("b", 1)],
      [line("c", 1), line("b", 2), line("d", 4)],
      [line("a", 1), line("b", 3), line("c", 1), line("d", 4)],
    ],
    ["guest line ≤ 0 is dropped", [line("a", 1)], [line("b", 0), line("c", -2)], [line("a", 1)]],
    ["guest line ≤ 0 leaves the server line alone", [line("a", 4)], [line("a", 0)], [line("a", 4)]],
    ["guest quantity above 10 is capped", [], [line("b", 50)], [line("b", 10)]],
    ["non-numeric guest quantity becomes 1", [line("a", 1)], [line("a", Number.NaN)], [line("a", 2)]],
    ["fractional guest quantity is truncated", [], [line("b", 2.8)], [line("b", 2)]],
    ["duplicated guest lines collapse", [], [line("b", 2), line("b", 3)], [line("b", 5)]],
  ])("%s", (_, server, guest, expected) => {
    expect(mergeCarts(server, guest)).toEqual(expected)
  })

  const arbCart = fc.array(
    fc.record({
      productId: fc.constantFrom("a", "b", "c", "d", "e"),
      quantity: fc.oneof(fc.integer({ min: -5, max: 20 }), fc.double()),
    }),
    { maxLength: 8 },
  )

  it("never duplicates a product and keeps every quantity in [1, 10]", () => {
    fc.assert(
      fc.property(arbCart, arbCart, (server, guest) => {
        const merged = mergeCarts(server, guest)
        const ids = merged.map((l) => l.productId)
        expect(new Set(ids).size).toBe(ids.length)
        for (const l of merged) {
          expect(Number.isInteger(l.quantity)).toBe(true)
          expect(l.quantity).toBeGreaterThanOrEqual(MIN_QUANTITY)
          expect(l.quantity).toBeLessThanOrEqual(MAX_QUANTITY)
        }
      }),
    )
  })

  it("keeps valid server lines first, in their order", () => {
    const validCart = fc.uniqueArray(
      fc.record({ productId: fc.string({ maxLength: 3 }), quantity: fc.integer({ min: 1, max: 10 }) }),
      { selector: (l) => l.productId, maxLength: 6 },
    )
    fc.assert(
      fc.property(validCart, arbCart, (server, guest) => {
        const merged = mergeCarts(server, guest)
        expect(merged.slice(0, server.length).map((l) => l.productId)).toEqual(server.map((l) => l.productId))
      }),
    )
  })
})

describe("cartTotals", () => {
  const priced = (
    productId: string,
    quantity: number,
    unitPrice: number,
    originalPrice: number,
    buyable = true,
  ): PricedLine => ({ productId, quantity, unitPrice, originalPrice, buyable })

  it.each<[string, PricedLine[], ReturnType<typeof cartTotals>]>([
    ["empty cart", [], { items: 0, totalItems: 0, subtotal: 0, savings: 0 }],
    [
      "one line at full price",
      [priced("a", 2, 29990, 29990)],
      { items: 1, totalItems: 2, subtotal: 59980, savings: 0 },
    ],
    [
      "discounted lines add their savings",
      [priced("a", 2, 26991, 29990), priced("b", 1, 44991, 49990)],
      { items: 2, totalItems: 3, subtotal: 98973, savings: 10997 },
    ],
    [
      "unbuyable lines are left out",
      [priced("a", 3, 26991, 29990), { ...priced("b", 5, 49990, 59990, false), reason: "Em Breve" }],
      { items: 1, totalItems: 3, subtotal: 80973, savings: 8997 },
    ],
    [
      "only unbuyable lines",
      [priced("a", 1, 29990, 29990, false)],
      { items: 0, totalItems: 0, subtotal: 0, savings: 0 },
    ],
    [
      "a price above the original counts as no saving",
      [priced("a", 1, 31990, 29990)],
      { items: 1, totalItems: 1, subtotal: 31990, savings: 0 },
    ],
  ])("%s", (_, lines, expected) => {
    expect(cartTotals(lines)).toEqual(expected)
  })
})

describe("checkoutGate", () => {
  it.each<[boolean, boolean, number, ReturnType<typeof checkoutGate>]>([
    [false, false, 0, { ok: false, reason: "empty" }],
    [true, true, 0, { ok: false, reason: "empty" }],
    [false, false, 2, { ok: false, reason: "login" }],
    [false, true, 2, { ok: false, reason: "login" }],
    [true, false, 2, { ok: false, reason: "shipping" }],
    [true, true, 1, { ok: true }],
  ])("signedIn=%s shippingChosen=%s lines=%i → %o", (signedIn, shippingChosen, lines, expected) => {
    expect(checkoutGate({ signedIn, shippingChosen, lines })).toEqual(expected)
  })
})

describe("CART_MESSAGES", () => {
  it("keeps the pt-BR texts", () => {
    expect(CART_MESSAGES.added.title).toBe("Adicionado ao carrinho! 🛒")
    expect(CART_MESSAGES.added.message("Goku SSJ")).toBe("Goku SSJ foi adicionado ao seu carrinho.")
    expect(CART_MESSAGES.removed).toBe("Item removido")
    expect(CART_MESSAGES.cleared).toBe("Carrinho limpo")
    expect(CART_MESSAGES.quantity).toBe("Quantidade atualizada")
    expect(CART_MESSAGES.loginRequired).toEqual({
      title: "Login necessário",
      message: "Você precisa fazer login para finalizar a compra. Não se preocupe, seu carrinho será salvo!",
    })
    expect(CART_MESSAGES.shippingRequired).toEqual({
      title: "Calcule o frete",
      message: "Por favor, digite seu CEP e calcule o frete antes de finalizar a compra.",
    })
    expect(CART_MESSAGES.emptyTitle).toBe("Carrinho Vazio")
  })
})
