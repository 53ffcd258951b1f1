import { describe, expect, it } from "vitest"
import { collectorGuide, type GuideInput } from "./collectorGuide"
import { pricedRecurringPlans } from "./subscriptions/plans"
import { DEFAULT_PREPAID_PLANS, prepaidPlanQuote } from "./subscriptions/prepaidPlans"

const input: GuideInput = {
  storeName: "Legendarium",
  publicUrl: "https://legendarium.example",
  today: { year: 2026, month: 11, day: 27 },
  support: {
    email: "ajuda@legendarium.example",
    hours: "Segunda a sexta, 9h às 18h",
    whatsapp: "5511987654321",
  },
  collections: [
    { name: "Lendas do Anime", description: "Heróis dos animes.", price: 29_990 },
    { name: "Noites de Terror", description: "", price: 34_990 },
  ],
  recurringPlans: pricedRecurringPlans(29_990),
  prepaidPlans: DEFAULT_PREPAID_PLANS.filter((p) => p.isActive).map((p) => prepaidPlanQuote(p, 29_990)),
  referencePrice: 29_990,
}

const allText = (guide: ReturnType<typeof collectorGuide>) =>
  guide.sections
    .flatMap((s) => [
      s.heading,
      ...s.blocks.flatMap((b) =>
        b.kind === "paragraph" ? [b.text] : b.kind === "bullets" ? b.items : b.rows.flat(),
      ),
    ])
    .join("\n")

describe("collectorGuide", () => {
  it("states the store's rules from the domain's own numbers", () => {
    const text = allText(collectorGuide(input))
    expect(text).toContain("Produção: de 20 a 30 dias")
    expect(text).toContain("de 5 a 10 dias úteis")
    expect(text).toContain("Até o dia 14 do mês")
    expect(text).toContain("Dia 30 do mesmo mês")
    expect(text).toContain("Dia 15 do mês seguinte")
    expect(text).toMatch(/Early Preview[\s\S]*Preview[\s\S]*Final/)
    expect(text).toContain("em até 7 dias após o recebimento")
    expect(text).toContain("aberta 15 dias úteis após o envio")
  })

  it("prices the plans and collections in R$ with pt-BR formatting, and lists the contacts", () => {
    const guide = collectorGuide(input)
    const text = allText(guide)
    expect(text).toContain("R$\u00a0499,90 a cada 2 meses")
    expect(text).toContain("R$\u00a02.879,04")
    expect(text).toContain("Lendas do Anime")
    expect(text).toContain("R$\u00a0349,90")
    expect(text).toContain("E-mail: ajuda@legendarium.example")
    expect(text).toContain("WhatsApp: (11) 98765-4321")
    expect(text).toContain("Horário de atendimento: Segunda a sexta, 9h às 18h")
    expect(guide.edition).toBe("Atualizado em 27/11/2026")
  })

  it("says so when nothing is on sale, and leaves out a WhatsApp the store does not have", () => {
    const text = allText(
      collectorGuide({
        ...input,
        collections: [],
        prepaidPlans: [],
        support: { ...input.support, whatsapp: "" },
      }),
    )
    expect(text).toContain("No momento não há coleções ativas")
    expect(text).toContain("No momento não há planos pré-pagos à venda")
    expect(text).not.toContain("WhatsApp")
  })
})
