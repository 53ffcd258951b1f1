import { describe, expect, it } from "vitest"
import type { Shipment } from "../../domain/fulfilment/fulfilment"
import { aPaidOrder } from "../../tests/fakes/orderFixtures"
import { orderShippedEmail } from "./fulfilmentTemplates"
import type { StoreIdentity } from "./templates"

const store: StoreIdentity = {
  name: "Legendarium",
  supportEmail: "contato@legendarium.example",
  supportHours: "segunda a sexta, das 9h às 18h",
  publicUrl: "https://legendarium.example",
}

const shipment = (over: Partial<Shipment> = {}): Shipment => ({
  id: "s-1",
  status: "shipped",
  carrier: "Correios",
  service: "SEDEX",
  trackingCode: "AA123456789BR",
  shippedAt: Date.UTC(2026, 10, 30, 13),
  estimatedDelivery: { year: 2026, month: 12, day: 4 },
  inTransitAt: null,
  deliveredAt: null,
  endedAt: null,
  rating: null,
  review: null,
  ratedAt: null,
  ...over,
})

const shipped = (over: Partial<Shipment> = {}) =>
  orderShippedEmail({ order: aPaidOrder(), name: "Ana", store, shipment: shipment(over) })

describe("the shipping e-mail", () => {
  it("gives the order's own tracking code, for /rastrear, and then the carrier's, named and linked", () => {
    const { text, html } = shipped()
    const ours = text.indexOf("Código de rastreamento:\n8R1CG2-G03G02")
    const theirs = text.indexOf("Código da transportadora (Correios):\nAA123456789BR")
    expect(ours).toBeGreaterThan(-1)
    expect(theirs).toBeGreaterThan(ours)
    expect(text).toContain("https://legendarium.example/rastrear?codigo=8R1CG2-G03G02")
    expect(text).toContain(
      "Acompanhe também no site da transportadora: https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR",
    )
    expect(text).toContain("postado via Correios (SEDEX)")
    // Each code in its own monospace block, to be copied exactly.
    expect(html.match(/font-family:Menlo[^>]*>(8R1CG2-G03G02|AA123456789BR)<\/div>/g)).toHaveLength(2)
  })

  it("names a carrier it has no tracking page for, without a link", () => {
    const { text } = shipped({ carrier: "Transportadora do Zé", trackingCode: "ZE-778" })
    expect(text).toContain("Código da transportadora (Transportadora do Zé):\nZE-778")
    expect(text).toContain("Código de rastreamento:\n8R1CG2-G03G02")
    expect(text).not.toContain("site da transportadora")
  })

  it("says both codes in the preview line", () => {
    expect(shipped().html).toContain("Código de rastreamento 8R1CG2-G03G02 · Correios: AA123456789BR.")
  })
})
