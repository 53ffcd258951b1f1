import { describe, expect, it } from "vitest"
import { inLockOrder } from "./lockOrder"

describe("inLockOrder", () => {
  it("puts items in product id order whatever order they came in, leaving the input as it was", () => {
    const cart = [{ productId: "c" }, { productId: "a" }, { productId: "b" }]
    const reversed = [...cart].reverse()
    expect(inLockOrder(cart, (l) => l.productId)).toEqual(inLockOrder(reversed, (l) => l.productId))
    expect(inLockOrder(cart, (l) => l.productId).map((l) => l.productId)).toEqual(["a", "b", "c"])
    expect(cart.map((l) => l.productId)).toEqual(["c", "a", "b"])
  })

  it("compares code units, not the locale's collation, so every process agrees", () => {
    // A locale-aware comparison puts "a" before "B"; PostgreSQL's "C" collation and JavaScript's `<` do not.
    expect(inLockOrder(["a", "B", "_", "0"], (id) => id)).toEqual(["0", "B", "_", "a"])
  })
})
