import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  confirmUnits,
  EDITION_MESSAGES,
  type EditionStock,
  releaseUnits,
  reserveUnits,
  returnSoldUnits,
  serialLabel,
  unitsLeft,
} from "./editions"

const stock = (size: number | null, reserved = 0, sold = 0): EditionStock => ({ size, reserved, sold })

describe("EDITION_MESSAGES", () => {
  it.each([
    [EDITION_MESSAGES.soldOut("Goku Super Saiyajin"), "Goku Super Saiyajin: edição esgotada"],
    [EDITION_MESSAGES.notEnough("Goku", 1), "Goku: resta apenas 1 unidade"],
    [EDITION_MESSAGES.notEnough("Goku", 2), "Goku: restam apenas 2 unidades"],
    [EDITION_MESSAGES.notEnough("Goku", 37), "Goku: restam apenas 37 unidades"],
  ])("%s", (text, expected) => {
    expect(text).toBe(expected)
  })
})

describe("unitsLeft", () => {
  it.each<[EditionStock, number | null]>([
    [stock(500), 500],
    [stock(500, 20, 30), 450],
    [stock(500, 0, 500), 0],
    [stock(500, 10, 490), 0],
    // Oversold data never shows a negative count.
    [stock(500, 10, 495), 0],
    [stock(null), null],
    [stock(null, 1000, 1000), null],
  ])("%o → %o", (s, left) => {
    expect(unitsLeft(s)).toBe(left)
  })
})

describe("reserveUnits", () => {
  it.each<[string, EditionStock, number, ReturnType<typeof reserveUnits>]>([
    ["within the size", stock(10, 2, 3), 4, { ok: true, stock: stock(10, 6, 3) }],
    ["exactly the units left", stock(10, 2, 3), 5, { ok: true, stock: stock(10, 7, 3) }],
    ["one more than left", stock(10, 2, 3), 6, { ok: false, left: 5 }],
    ["sold out", stock(10, 0, 10), 1, { ok: false, left: 0 }],
    ["all reserved by others", stock(10, 10, 0), 1, { ok: false, left: 0 }],
    [
      "made to order never runs out",
      stock(null, 5, 5000),
      1000,
      { ok: true, stock: stock(null, 1005, 5000) },
    ],
  ])("%s", (_case, s, quantity, result) => {
    expect(reserveUnits(s, quantity)).toEqual(result)
  })

  it("does not change the stock it was given", () => {
    const s = stock(10, 2, 3)
    reserveUnits(s, 4)
    expect(s).toEqual(stock(10, 2, 3))
  })

  it("never reserves beyond the edition size, and says how many are left", () => {
    const arbStock = fc
      .record({ size: fc.integer({ min: 0, max: 500 }), reserved: fc.nat(500), sold: fc.nat(500) })
      .filter((s) => s.reserved + s.sold <= s.size)
    fc.assert(
      fc.property(arbStock, fc.integer({ min: 1, max: 600 }), (s, quantity) => {
        const result = reserveUnits(s, quantity)
        if (result.ok) {
          expect(result.stock.reserved + result.stock.sold).toBeLessThanOrEqual(s.size)
          expect(unitsLeft(result.stock)).toBe(s.size - s.reserved - s.sold - quantity)
        } else {
          expect(result.left).toBe(s.size - s.reserved - s.sold)
          expect(quantity).toBeGreaterThan(result.left)
        }
      }),
    )
  })
})

describe("releaseUnits", () => {
  it.each<[EditionStock, number, EditionStock]>([
    [stock(10, 5, 2), 3, stock(10, 2, 2)],
    [stock(10, 5, 2), 5, stock(10, 0, 2)],
    [stock(10, 5, 2), 8, stock(10, 0, 2)],
    [stock(10, 0, 2), 1, stock(10, 0, 2)],
    [stock(null, 4, 0), 4, stock(null, 0, 0)],
  ])("%o minus %i → %o (never negative, sold untouched)", (s, quantity, after) => {
    expect(releaseUnits(s, quantity)).toEqual(after)
  })

  it("reserving then releasing gives the stock back", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.integer({ min: 1, max: 50 }), (reserved, sold, quantity) => {
        const s = stock(null, reserved, sold)
        const r = reserveUnits(s, quantity)
        expect(r.ok && releaseUnits(r.stock, quantity)).toEqual(s)
      }),
    )
  })
})

describe("confirmUnits", () => {
  it.each<[EditionStock, number, EditionStock, number[]]>([
    [stock(500, 3, 0), 1, stock(500, 2, 1), [1]],
    [stock(500, 3, 36), 3, stock(500, 0, 39), [37, 38, 39]],
    [stock(500, 1, 499), 1, stock(500, 0, 500), [500]],
    [stock(null, 2, 10), 2, stock(null, 0, 12), [11, 12]],
    [stock(500, 2, 7), 0, stock(500, 2, 7), []],
  ])("%o confirming %i → %o with serials %o", (s, quantity, after, serials) => {
    expect(confirmUnits(s, quantity)).toEqual({ stock: after, serials })
  })

  it("issues the serials of cancelled units again, lowest first, then the next never issued", () => {
    // 10 sold; the buyers of #3 and #7 cancelled: 8 sold, highest issued still 10.
    const back = returnSoldUnits({ size: 12, reserved: 3, sold: 10 }, [7, 3])
    expect(back).toEqual({ size: 12, reserved: 3, sold: 8, returned: [3, 7] })
    expect(returnSoldUnits(back, [3])).toEqual(back)
    expect(unitsLeft(back)).toBe(1)
    const first = confirmUnits(back, 1)
    expect(first.serials).toEqual([3])
    const rest = confirmUnits(first.stock, 2)
    expect(rest.serials).toEqual([7, 11])
    expect(rest.stock).toEqual({ size: 12, reserved: 0, sold: 11, returned: [] })
  })

  it("serials are consecutive, start at 1 and never repeat across orders", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 30 }), (orders) => {
        const size = orders.reduce((a, b) => a + b, 0)
        let s = stock(size)
        for (const quantity of orders) {
          const r = reserveUnits(s, quantity)
          expect(r.ok).toBe(true)
          if (r.ok) s = r.stock
        }
        const all: number[] = []
        for (const quantity of orders) {
          const confirmed = confirmUnits(s, quantity)
          s = confirmed.stock
          all.push(...confirmed.serials)
        }
        expect(all).toEqual(Array.from({ length: size }, (_, i) => i + 1))
        expect(s).toEqual(stock(size, 0, size))
        expect(unitsLeft(s)).toBe(0)
      }),
    )
  })

  it("interleaved reserve, release and confirm keep the counts sane", () => {
    const step = fc.record({
      op: fc.constantFrom("reserve", "release", "confirm"),
      quantity: fc.integer({ min: 1, max: 4 }),
    })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.array(step, { maxLength: 40 }), (size, steps) => {
        let s = stock(size)
        let held = 0
        const serials: number[] = []
        for (const { op, quantity } of steps) {
          if (op === "reserve") {
            const r = reserveUnits(s, quantity)
            if (r.ok) {
              s = r.stock
              held += quantity
            }
          } else if (op === "release") {
            const q = Math.min(quantity, held)
            s = releaseUnits(s, q)
            held -= q
          } else {
            const q = Math.min(quantity, held)
            const c = confirmUnits(s, q)
            s = c.stock
            held -= q
            serials.push(...c.serials)
          }
          expect(s.reserved).toBe(held)
          expect(s.reserved).toBeGreaterThanOrEqual(0)
          expect(s.reserved + s.sold).toBeLessThanOrEqual(size)
        }
        expect(new Set(serials).size).toBe(serials.length)
        expect(serials).toEqual(Array.from({ length: s.sold }, (_, i) => i + 1))
      }),
    )
  })
})

describe("serialLabel", () => {
  it.each([
    [37, 500, "37/500"],
    [1, 1, "1/1"],
  ])("%i of %i → %s", (serial, size, label) => {
    expect(serialLabel(serial, size)).toBe(label)
  })
})
