import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import { monthShipmentOrder } from "./shipment"

const address = {
  name: "Ana",
  street: "Avenida Paulista",
  number: "1000",
  complement: "",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP" as const,
  zipCode: "01310100",
}

const base = {
  id: "o1",
  number: "LG-2026-000001",
  trackingCode: "LGAAAA",
  userId: "u1",
  now: saoPauloInstant({ year: 2026, month: 12, day: 1 }, 1),
  character: { id: "p1", name: "Goku", imageUrl: "/g.svg", collectionId: "c1", collectionName: "Anime" },
  unitPrice: 29990,
  address,
  cpf: "52998224725",
}

describe("a month's shipment", () => {
  it("is a paid subscription order of total 0, free shipping, the line's price kept", () => {
    const order = monthShipmentOrder({
      ...base,
      month: "2026-12",
      paidAt: saoPauloInstant({ year: 2026, month: 12, day: 3 }, 6),
      edition: { size: 500, serial: 7 },
    })
    expect(order).toMatchObject({
      kind: "subscription",
      status: "paid",
      shipsOn: { year: 2026, month: 12, day: 30 },
    })
    expect(order.totals).toEqual({
      subtotal: 29990,
      discount: 29990,
      coinsDiscount: 0,
      pixDiscount: 0,
      shipping: 0,
      total: 0,
    })
    expect(order.shipping.price).toBe(0)
    expect(order.lines[0]).toMatchObject({ unitPrice: 29990, quantity: 1, editionSize: 500, serials: [7] })
  })

  it("ships a month paid ahead with its own batch, and a unit outside the run unnumbered", () => {
    const order = monthShipmentOrder({
      ...base,
      month: "2027-01",
      paidAt: saoPauloInstant({ year: 2026, month: 12, day: 3 }, 6),
      edition: null,
    })
    expect(order.shipsOn).toEqual({ year: 2027, month: 1, day: 30 })
    expect(order.lines[0]).toMatchObject({ editionSize: null, serials: [] })
  })
})
