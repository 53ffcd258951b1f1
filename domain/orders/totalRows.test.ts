import { describe, expect, it } from "vitest"
import type { Order } from "./order"
import { orderTotals } from "./order"
import { orderTotalRows } from "./totalRows"

const plain = (rows: { label: string; value: string }[]) =>
  rows.map((r) => [r.label, r.value.replace(/\u00a0/g, " ")])
const order = (over: Partial<Parameters<typeof orderTotalRows>[0]> = {}) => ({
  totals: orderTotals([{ unitPrice: 29990, quantity: 1 }], 1890, null),
  couponCode: null,
  plan: null,
  coinsUsed: 0,
  pixDiscountBasisPoints: 500,
  shipping: { optionId: "pac", name: "PAC", provider: "Correios", price: 1890, days: 5 } as Order["shipping"],
  ...over,
})

describe("orderTotalRows", () => {
  it("shows only Subtotal, Frete and Total without discounts", () => {
    expect(plain(orderTotalRows(order()))).toEqual([
      ["Subtotal", "R$ 299,90"],
      ["Frete (PAC)", "R$ 18,90"],
      ["Total", "R$ 318,80"],
    ])
  })

  it("shows the coupon, the coins and the PIX discount, each when there is one", () => {
    const totals = orderTotals(
      [{ unitPrice: 29990, quantity: 1 }],
      1890,
      { discount: 2999, shippingDiscount: 0 },
      {
        coinsDiscount: 500,
        pix: { basisPoints: 500, units: [{ unitPrice: 29990, quantity: 1 }] },
      },
    )
    expect(plain(orderTotalRows(order({ totals, couponCode: "BEMVINDO", coinsUsed: 50 })))).toEqual([
      ["Subtotal", "R$ 299,90"],
      ["Cupom (BEMVINDO)", "−R$ 29,99"],
      ["Moedas (50 moedas)", "−R$ 5,00"],
      ["Desconto PIX (5%)", "−R$ 13,25"],
      ["Frete (PAC)", "R$ 18,90"],
      // R$ 299,90 − 29,99 − 5,00 = R$ 264,91; by PIX R$ 251,66; with the shipping R$ 270,56.
      ["Total", "R$ 270,56"],
    ])
  })

  it("says 'Grátis' for free shipping and names a plan's discount", () => {
    const totals = orderTotals([{ unitPrice: 89970, quantity: 1 }], 0, {
      discount: 8997,
      shippingDiscount: 0,
    })
    const plan = { discountPercent: 10 } as NonNullable<Order["plan"]>
    expect(plain(orderTotalRows(order({ totals, plan })))).toContainEqual([
      "Desconto do plano (10%)",
      "−R$ 89,97",
    ])
    expect(plain(orderTotalRows(order({ totals, plan })))).toContainEqual(["Frete (PAC)", "Grátis"])
  })
})
