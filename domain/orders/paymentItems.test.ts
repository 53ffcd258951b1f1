import { describe, expect, it } from "vitest"
import { anOrder } from "../../tests/fakes/orderFixtures"
import { saoPauloInstant } from "../calendar"
import { orderAsCustomerSees } from "./order"
import {
  paymentDescriptionOf,
  paymentItemsOf,
  STATEMENT_DESCRIPTOR,
  STATEMENT_DESCRIPTOR_MAX,
  statementDescriptorOf,
} from "./paymentItems"

const reveal = {
  revealAt: saoPauloInstant({ year: 2026, month: 12, day: 15 }, 12),
  edition: { year: 2026, month: 12 },
  mysteryImageUrl: "/media/mystery.svg",
}
const base = anOrder()
const order = anOrder({
  lines: base.lines.map((line, i) => (i === 0 ? { ...line, reveal } : { ...line, reveal: null })),
})

describe("what the payment provider is told an order is", () => {
  it("names a figure by its collection and edition month, never by its character, before or after the reveal", () => {
    for (const at of [reveal.revealAt - 1, reveal.revealAt + 86_400_000]) {
      const items = paymentItemsOf(orderAsCustomerSees(order, at))
      expect(items[0]).toEqual({
        id: "p-goku",
        title: "Coleção Anime Legends — Dezembro de 2026",
        description: "Figura colecionável Legendarium, edição numerada de 500 unidades",
        categoryId: "art",
        quantity: 1,
        unitPrice: 29990,
      })
      const text = JSON.stringify(items)
      expect(text).not.toContain("Goku")
      expect(text).not.toContain("misterioso")
    }
    expect(paymentItemsOf(order).map((i) => i.title)).not.toContain("Goku Super Saiyajin")
  })

  it("names a figure whose character left the catalogue by its collection alone", () => {
    expect(paymentItemsOf(order)[1]).toMatchObject({
      id: "p-vegeta",
      title: "Coleção Anime Legends",
      description: "Figura colecionável Legendarium",
      quantity: 2,
      unitPrice: 15000,
    })
    const named = anOrder({
      lines: [{ ...(base.lines[0] as (typeof base.lines)[0]), collectionName: "Coleção Lendas" }],
    })
    expect(paymentItemsOf(named)[0]?.title).toBe("Coleção Lendas")
  })

  it("makes a prepaid plan one item at its price before discounts", () => {
    const plan = anOrder({
      kind: "plan",
      lines: [],
      plan: {
        planId: "quarterly",
        name: "Trimestral",
        months: 3,
        collectionId: "c-anime",
        collectionName: "Anime Legends",
        discountPercent: 10,
      },
      totals: {
        subtotal: 89970,
        discount: 8997,
        coinsDiscount: 0,
        pixDiscount: 0,
        shipping: 0,
        total: 80973,
      },
    })
    expect(paymentItemsOf(plan)).toEqual([
      {
        id: "c-anime:quarterly",
        title: "Plano Trimestral — Coleção Anime Legends, 3 meses",
        description: "Plano pré-pago Legendarium",
        categoryId: "art",
        quantity: 1,
        unitPrice: 89970,
      },
    ])
  })

  it("describes the payment by its one item, or by how many figures it holds", () => {
    const items = paymentItemsOf(order)
    expect(paymentDescriptionOf(items.slice(0, 1), "LG-1")).toBe(
      "Coleção Anime Legends — Dezembro de 2026 (pedido LG-1)",
    )
    expect(paymentDescriptionOf(items, "LG-1")).toBe("3 figuras Legendarium (pedido LG-1)")
    expect(paymentDescriptionOf(items.slice(1), "LG-1")).toBe("2 figuras Legendarium (pedido LG-1)")
  })

  it("puts the store's name on the card statement as issuers print it, within the documented length", () => {
    expect(STATEMENT_DESCRIPTOR).toBe("LEGENDARIUM")
    expect(statementDescriptorOf("Loja São João & Cia. Ltda")).toBe("LOJA SAO JOAO")
    expect(statementDescriptorOf("Ação!")).toBe("ACAO")
    for (const name of ["Legendarium Colecionáveis Brasil", "  a  b  ", "ÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇ"])
      expect(statementDescriptorOf(name)).toMatch(
        new RegExp(`^[A-Z0-9](?:[A-Z0-9 ]{0,${STATEMENT_DESCRIPTOR_MAX - 2}}[A-Z0-9])?$`),
      )
  })
})
