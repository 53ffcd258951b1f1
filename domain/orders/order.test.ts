import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import { type Coupon, couponDiscount } from "./coupon"
import {
  boughtPieceLabel,
  editionUnits,
  ORDER_STATUS_LABEL,
  type OrderLine,
  type OrderStatus,
  orderAsCustomerSees,
  orderTotals,
  withAdjustments,
} from "./order"

const line = (over: Partial<OrderLine> = {}): OrderLine => ({
  productId: "p-goku",
  name: "Goku Super Saiyajin",
  collectionId: "c-anime",
  collectionName: "Anime Legends",
  imageUrl: "/img/goku.jpg",
  unitPrice: 29990,
  quantity: 1,
  editionSize: null,
  serials: [],
  ...over,
})

const priced = (unitPrice: number, quantity: number) => ({ unitPrice, quantity })

describe("ORDER_STATUS_LABEL", () => {
  it("names every status in pt-BR", () => {
    expect(ORDER_STATUS_LABEL).toEqual<Record<OrderStatus, string>>({
      awaiting_payment: "Aguardando pagamento",
      paid: "Pago",
      rejected: "Pagamento recusado",
      expired: "Expirado",
      cancelled: "Cancelado",
    })
  })
})

describe("orderTotals", () => {
  it.each<
    [string, { unitPrice: number; quantity: number }[], number, Parameters<typeof orderTotals>[2], object]
  >([
    [
      "one piece, no coupon",
      [priced(29990, 1)],
      2850,
      null,
      { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 32840 },
    ],
    [
      "several lines and quantities",
      [priced(29990, 2), priced(49990, 1), priced(39990, 3)],
      5400,
      null,
      { subtotal: 229940, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 5400, total: 235340 },
    ],
    [
      "nothing bought",
      [],
      0,
      null,
      { subtotal: 0, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 0, total: 0 },
    ],
    [
      "a discount",
      [priced(29990, 1)],
      2850,
      { discount: 2999, shippingDiscount: 0 },
      { subtotal: 29990, discount: 2999, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 29841 },
    ],
    [
      "a discount larger than the subtotal is held at the subtotal; shipping is still paid",
      [priced(29990, 1)],
      2850,
      { discount: 50000, shippingDiscount: 0 },
      { subtotal: 29990, discount: 29990, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 2850 },
    ],
    [
      "a negative discount counts as none",
      [priced(29990, 1)],
      2850,
      { discount: -500, shippingDiscount: 0 },
      { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 32840 },
    ],
    [
      "free shipping",
      [priced(29990, 1)],
      2850,
      { discount: 0, shippingDiscount: 2850 },
      { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 0, total: 29990 },
    ],
    [
      "a shipping discount above the shipping price leaves shipping at zero",
      [priced(29990, 1)],
      2850,
      { discount: 0, shippingDiscount: 9999 },
      { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 0, total: 29990 },
    ],
    [
      "a negative shipping discount does not raise the shipping",
      [priced(29990, 1)],
      2850,
      { discount: 0, shippingDiscount: -1000 },
      { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 32840 },
    ],
    [
      "a negative shipping price counts as free",
      [priced(29990, 1)],
      -100,
      null,
      { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 0, total: 29990 },
    ],
  ])("%s", (_case, lines, shipping, coupon, totals) => {
    expect(orderTotals(lines, shipping, coupon)).toEqual(totals)
  })

  it("takes the coins off the items after the coupon, then the PIX discount off what is left, never the shipping", () => {
    // R$ 299,90 − R$ 29,99 coupon − R$ 20,00 coins = R$ 249,91; 5 % PIX rounds down to R$ 237,41.
    const totals = orderTotals(
      [priced(29990, 1)],
      2850,
      { discount: 2999, shippingDiscount: 0 },
      {
        coinsDiscount: 2000,
        pix: { basisPoints: 500, units: [priced(29990, 1)] },
      },
    )
    expect(totals).toEqual({
      subtotal: 29990,
      discount: 2999,
      coinsDiscount: 2000,
      pixDiscount: 1250,
      shipping: 2850,
      total: 23741 + 2850,
    })
  })

  it("by PIX charges the items the sum of their PIX unit prices, rounded per unit, not once on the sum", () => {
    const lines = [priced(34990, 2), priced(29990, 1)]
    const totals = orderTotals(lines, 1890, null, { pix: { basisPoints: 500, units: lines } })
    // 2 × R$ 332,40 + R$ 284,90 = R$ 949,70 (5 % off R$ 999,70 would be R$ 949,71).
    expect(totals).toMatchObject({ subtotal: 99970, pixDiscount: 5000, total: 94970 + 1890 })
  })

  it("holds the coins at what the coupon left, and switching to card drops the PIX discount", () => {
    const base = { subtotal: 10000, discount: 9000, shipping: 1000 }
    expect(withAdjustments(base, { coinsDiscount: 5000 })).toMatchObject({ coinsDiscount: 1000, total: 1000 })
    const pix = withAdjustments(base, { pix: { basisPoints: 1000, units: [priced(10000, 1)] } })
    expect(pix).toMatchObject({ pixDiscount: 100, total: 1900 })
    expect(withAdjustments(pix, {})).toMatchObject({ pixDiscount: 0, total: 2000 })
  })

  it("refuses prices and quantities that are not whole numbers", () => {
    expect(() => orderTotals([priced(299.9, 1)], 0, null)).toThrow(RangeError)
    expect(() => orderTotals([priced(29990, 1.5)], 0, null)).toThrow(RangeError)
  })

  const arbLines = fc.array(
    fc.record({
      unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 0, max: 20 }),
    }),
    { maxLength: 10 },
  )
  const arbCoupon = fc.option(
    fc.record({
      discount: fc.integer({ min: -100_000, max: 10_000_000 }),
      shippingDiscount: fc.integer({ min: -100_000, max: 100_000 }),
    }),
    { nil: null },
  )

  it("totals are never negative; discounts never exceed what they discount; the sum adds up", () => {
    fc.assert(
      fc.property(
        arbLines,
        fc.integer({ min: -1000, max: 100_000 }),
        arbCoupon,
        (lines, shippingPrice, coupon) => {
          const t = orderTotals(lines, shippingPrice, coupon)
          expect(t.subtotal).toBe(lines.reduce((acc, l) => acc + l.unitPrice * l.quantity, 0))
          expect(t.discount).toBeGreaterThanOrEqual(0)
          expect(t.discount).toBeLessThanOrEqual(t.subtotal)
          expect(t.shipping).toBeGreaterThanOrEqual(0)
          expect(t.shipping).toBeLessThanOrEqual(Math.max(0, shippingPrice))
          expect(t.total).toBe(t.subtotal - t.discount + t.shipping)
          expect(t.total).toBeGreaterThanOrEqual(t.shipping)
          for (const v of Object.values(t)) expect(Number.isSafeInteger(v)).toBe(true)
        },
      ),
    )
  })

  it("with any accepted coupon, the order costs at most its price before the coupon", () => {
    const arbRealCoupon = fc.record<Coupon>({
      code: fc.constant("PROMO"),
      type: fc.constantFrom("percentage", "fixed", "free_shipping"),
      value: fc.integer({ min: 0, max: 1_000_000 }),
      minimumOrderValue: fc.integer({ min: 0, max: 50_000 }),
      maximumDiscount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      maxUses: fc.constant(null),
      totalUses: fc.constant(0),
      isActive: fc.constant(true),
      validFrom: fc.constant(0),
      validUntil: fc.constant(null),
      oncePerCustomer: fc.boolean(),
      notWithCoins: fc.boolean(),
    })
    fc.assert(
      fc.property(arbLines, fc.integer({ min: 0, max: 100_000 }), arbRealCoupon, (lines, shipping, c) => {
        const before = orderTotals(lines, shipping, null)
        const outcome = couponDiscount(c, { subtotal: before.subtotal, shipping, now: 1 })
        const after = orderTotals(lines, shipping, outcome.ok ? outcome : null)
        expect(after.total).toBeLessThanOrEqual(before.total)
        expect(after.total).toBeGreaterThanOrEqual(0)
        if (outcome.ok) expect(after.total).toBe(before.total - outcome.discount - outcome.shippingDiscount)
      }),
    )
  })
})

describe("editionUnits", () => {
  it("lists only the numbered lines, with their quantities", () => {
    const lines = [
      line({ productId: "a", name: "Goku", editionSize: 500, quantity: 2 }),
      line({ productId: "b", name: "Vegeta", editionSize: null, quantity: 1 }),
      line({ productId: "c", name: "Freeza", editionSize: 1, quantity: 1 }),
    ]
    expect(editionUnits(lines)).toEqual([
      { productId: "a", name: "Goku", quantity: 2 },
      { productId: "c", name: "Freeza", quantity: 1 },
    ])
  })

  it("is empty for made-to-order lines only", () => {
    expect(editionUnits([line(), line({ productId: "x" })])).toEqual([])
    expect(editionUnits([])).toEqual([])
  })
})

describe("an order as its customer sees it", () => {
  const reveal = {
    revealAt: saoPauloInstant({ year: 2026, month: 12, day: 15 }, 12),
    edition: { year: 2026, month: 12 },
    mysteryImageUrl: "/media/mystery-anime.svg",
  }
  const order = {
    lines: [
      line({ editionSize: 500, serials: [12], reveal }),
      line({ productId: "p-vegeta", name: "Vegeta", reveal: null }),
    ],
  }

  it("names a line by its month's mystery until the reveal, every other line as recorded", () => {
    const seen = orderAsCustomerSees(order, reveal.revealAt - 1)
    expect(seen.lines.map((l) => [l.name, l.imageUrl])).toEqual([
      ["Personagem misterioso de dezembro/2026", "/media/mystery-anime.svg"],
      ["Vegeta", "/img/goku.jpg"],
    ])
    expect(orderAsCustomerSees(order, reveal.revealAt).lines[0]?.name).toBe("Goku Super Saiyajin")
  })

  it("says what was bought in one phrase: character, collection and numbers", () => {
    const [numbered, other] = orderAsCustomerSees(order, reveal.revealAt - 1).lines
    expect(boughtPieceLabel(numbered as OrderLine)).toBe(
      "Personagem misterioso de dezembro/2026, Coleção Anime Legends, nº 12/500",
    )
    expect(boughtPieceLabel(other as OrderLine)).toBe("Vegeta, Coleção Anime Legends")
    expect(
      boughtPieceLabel(line({ collectionName: "Coleção Lendas", editionSize: 3, serials: [1, 2] })),
    ).toBe("Goku Super Saiyajin, Coleção Lendas, nº 1/3, 2/3")
  })
})
