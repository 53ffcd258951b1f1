import { describe, expect, it } from "vitest"
import { collectorGuide } from "../../domain/collectorGuide"
import { pricedRecurringPlans } from "../../domain/subscriptions/plans"
import { DEFAULT_PREPAID_PLANS, prepaidPlanQuote } from "../../domain/subscriptions/prepaidPlans"
import { pdfPageCount, pdfText, withoutSpaces } from "../../tests/support/pdfText"
import { renderGuidePdf, winAnsi } from "./PdfkitGuideRenderer"

const guide = collectorGuide({
  storeName: "Legendarium",
  publicUrl: "https://legendarium.example",
  today: { year: 2026, month: 11, day: 27 },
  support: {
    email: "ajuda@legendarium.example",
    hours: "Segunda a sexta, 9h às 18h",
    whatsapp: "11987654321",
  },
  collections: [{ name: "Lendas do Anime", description: "Heróis 🎌 dos animes.", price: 29_990 }],
  recurringPlans: pricedRecurringPlans(29_990),
  prepaidPlans: DEFAULT_PREPAID_PLANS.map((p) => prepaidPlanQuote(p, 29_990)),
  referencePrice: 29_990,
})

describe("the guide's PDF", () => {
  it("is a multi-page PDF whose text carries the accents of pt-BR", async () => {
    const pdf = await renderGuidePdf(guide, { compress: false })
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3)
    const text = withoutSpaces(pdfText(pdf))
    for (const expected of [
      "Guia do Colecionador",
      "Como funciona a produção sob encomenda",
      "Calendário de envios",
      "A revelação mensal",
      "Cuidados com as suas figuras",
      "ajuda@legendarium.example",
      "R$ 2.879,04",
      "Lendas do Anime",
      "Página 1 de",
    ])
      expect(text).toContain(withoutSpaces(expected))
  })

  it("reads the same compressed, and replaces what the standard fonts cannot draw", async () => {
    const pdf = await renderGuidePdf(guide)
    expect(withoutSpaces(pdfText(pdf))).toContain(withoutSpaces("Heróis ? dos animes."))
    expect(winAnsi("Ação — “ótimo” → R$\u00a01,00 ✓")).toBe("Ação — “ótimo” -> R$\u00a01,00 ?")
  })
})
