import { describe, expect, it } from "vitest"
import { LEAD_TIME_TEXT } from "../../domain/shipping/schedule"
import { PLAN_SHIPPING } from "../../domain/subscriptions/prepaidPlans"
import { PLAN_SHIPPING as MONTH_SHIPPING } from "../../domain/subscriptions/shipment"
import { anAttempt, anOrder, aPaidOrder, BOLETO, PIX_CODE } from "../../tests/fakes/orderFixtures"
import {
  boletoInstructionsEmail,
  orderExpiredEmail,
  orderReceivedEmail,
  paymentApprovedEmail,
  paymentRejectedEmail,
  pixInstructionsEmail,
} from "./orderTemplates"
import { type EmailContent, escapeHtml, type StoreIdentity } from "./templates"

const store: StoreIdentity = {
  name: "Legendarium",
  supportEmail: "contato@legendarium.example",
  supportHours: "segunda a sexta, das 9h às 18h",
  publicUrl: "https://legendarium.example",
}
const input = { order: anOrder(), name: "Ana", store }
const pix = anAttempt().pix!
const ORDER_PAGE = "https://legendarium.example/payment-success?pedido=order-1"
const card = { method: "card" as const, amount: 56841, installments: 3 }

const all: Array<[string, EmailContent]> = [
  ["order received", orderReceivedEmail(input)],
  ["PIX", pixInstructionsEmail({ ...input, pix, amount: 56841 })],
  ["boleto", boletoInstructionsEmail({ ...input, boleto: BOLETO, amount: 56841 })],
  ["approved", paymentApprovedEmail({ ...input, order: aPaidOrder(), payment: card })],
  [
    "rejected",
    paymentRejectedEmail({
      ...input,
      order: anOrder({ status: "rejected" }),
      statusDetail: "cc_rejected_insufficient_amount",
    }),
  ],
  ["expired", orderExpiredEmail({ ...input, order: anOrder({ status: "expired" }) })],
]

/** Both versions state it: the HTML escaped, the text as is. */
const inBoth = (m: EmailContent, fact: string) => {
  expect(m.html).toContain(escapeHtml(fact))
  expect(m.text).toContain(fact)
}

describe("order e-mail templates", () => {
  it("uses the agreed subjects, each naming the order", () => {
    expect(all.map(([, m]) => m.subject)).toEqual([
      "Recebemos seu pedido LG-2026-000123 — Legendarium",
      "Pague seu pedido LG-2026-000123 com PIX — Legendarium",
      "Boleto do pedido LG-2026-000123 — Legendarium",
      "Pagamento aprovado do pedido LG-2026-000123 — Legendarium",
      "Pagamento não aprovado do pedido LG-2026-000123 — Legendarium",
      "Pedido LG-2026-000123 encerrado — Legendarium",
    ])
  })

  it.each(all)("%s greets the customer, names the order, and says who wrote and why", (_, m) => {
    for (const fact of ["Olá, Ana!", "LG-2026-000123", "Você recebeu este e-mail porque", store.supportEmail])
      inBoth(m, fact)
    expect(m.html).toContain('lang="pt-BR"')
    expect(m.text).not.toMatch(/botão/)
  })

  it("lists the items and the totals in reais, in both versions", () => {
    const m = orderReceivedEmail(input)
    for (const fact of [
      "Goku Super Saiyajin ×1",
      "R$\u00a0299,90",
      "Vegeta ×2",
      "R$\u00a0300,00",
      "R$\u00a0599,90",
      "Cupom (NATAL10)",
      "−R$\u00a059,99",
      "Frete (SEDEX)",
      "R$\u00a028,50",
      "R$\u00a0568,41",
    ])
      inBoth(m, fact)
    expect(m.text).toContain(
      "Goku Super Saiyajin ×1 — R$\u00a0299,90 — Coleção Anime Legends · edição limitada de 500 unidades",
    )
    const single = anOrder()
    const one = { ...input, order: { ...single, lines: single.lines.map((l) => ({ ...l, editionSize: 1 })) } }
    expect(orderReceivedEmail(one).text).toContain("edição limitada de 1 unidade\n")
    expect(m.text).toContain("\nTotal — R$\u00a0568,41\n")
    expect(m.html).toMatch(/font-weight:700;[^"]*">Total</)
  })

  it("calls free shipping free and leaves out a discount that is not there", () => {
    const order = anOrder({
      couponId: null,
      couponCode: null,
      totals: { subtotal: 59990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 0, total: 59990 },
    })
    const m = orderReceivedEmail({ ...input, order })
    inBoth(m, "Grátis")
    expect(m.text).toContain("Frete (SEDEX) — Grátis")
    expect(m.text).not.toContain("Desconto")
  })

  it("shows the coins and the PIX discount when the order has them", () => {
    const order = anOrder({
      coinsUsed: 120,
      pixDiscountBasisPoints: 500,
      totals: {
        subtotal: 59990,
        discount: 5999,
        coinsDiscount: 1200,
        pixDiscount: 2639,
        shipping: 2850,
        total: 53002,
      },
    })
    const m = orderReceivedEmail({ ...input, order })
    inBoth(m, "Moedas (120 moedas)")
    inBoth(m, "−R$\u00a012,00")
    inBoth(m, "Desconto PIX (5%)")
    inBoth(m, "−R$\u00a026,39")
    expect(m.text).toContain("\nTotal — R$\u00a0530,02\n")
  })

  it("names a plan's free shipping once, in the totals and in the lead time", () => {
    const planShipping = {
      optionId: PLAN_SHIPPING.id,
      name: PLAN_SHIPPING.name,
      provider: PLAN_SHIPPING.provider,
      price: 0,
      days: PLAN_SHIPPING.days,
    }
    const order = aPaidOrder({
      couponId: null,
      couponCode: null,
      shipping: planShipping,
      totals: { subtotal: 80973, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 0, total: 80973 },
    })
    const received = orderReceivedEmail({ ...input, order })
    expect(received.text).toContain("Frete (Envios mensais do plano) — Grátis")
    const approved = paymentApprovedEmail({ ...input, order, payment: card })
    expect(approved.text).toMatch(/Prazo: [^\n]*\(Envios mensais do plano\)\./)
    const month = paymentApprovedEmail({
      ...input,
      order: aPaidOrder({ shipping: MONTH_SHIPPING }),
      payment: card,
    })
    expect(month.text).toMatch(/Prazo: [^\n]*\(Envio mensal da assinatura\)\./)
    for (const m of [received, approved, month]) expect(m.text).not.toMatch(/\(Frete grátis/)
  })

  it("tells until when the numbered pieces are held, in São Paulo time", () => {
    inBoth(orderReceivedEmail(input), "reservadas para você até 20/11/2026 às 10:30")
  })

  it("gives the PIX copia e cola in a monospace block and links to the order's page for the QR Code", () => {
    const m = pixInstructionsEmail({ ...input, pix, amount: 56841 })
    inBoth(m, PIX_CODE)
    inBoth(m, "R$\u00a0568,41")
    inBoth(m, "até 20/11/2026 às 10:30")
    expect(m.text).toContain(`PIX copia e cola:\n${PIX_CODE}\n`)
    expect(m.html).toMatch(
      new RegExp(`monospace[^>]*>${escapeHtml(PIX_CODE).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</div>`),
    )
    expect(m.html).toContain(`href="${escapeHtml(ORDER_PAGE)}"`)
    expect(m.text).toContain(`\n${ORDER_PAGE}\n`)
    expect(m.html).not.toContain("data:image")
    expect(m.html).not.toContain(pix.qrCodeBase64)
  })

  it("gives the boleto's digitable line, its link and its due date", () => {
    const m = boletoInstructionsEmail({ ...input, boleto: BOLETO, amount: 56841 })
    inBoth(m, BOLETO.digitableLine)
    inBoth(m, "até 23/11/2026")
    expect(m.text).toContain(`Linha digitável:\n${BOLETO.digitableLine}\n`)
    expect(m.html).toContain(`href="${escapeHtml(BOLETO.url)}"`)
    expect(m.text).toContain(`\n${BOLETO.url}\n`)
  })

  it("leaves out a boleto's due date the gateway did not give", () => {
    const m = boletoInstructionsEmail({ ...input, boleto: { ...BOLETO, dueAt: null }, amount: 56841 })
    expect(m.text).not.toContain("Vencimento")
    expect(m.text).toContain("pague o boleto de R$\u00a0568,41.")
  })

  it("confirms a payment with the edition numbers, the ship date and the lead time", () => {
    const m = paymentApprovedEmail({ ...input, order: aPaidOrder(), payment: card })
    inBoth(m, "Pagamento aprovado!")
    inBoth(m, "edição nº 37/500")
    inBoth(m, "Seu pedido será enviado em 30/11/2026.")
    inBoth(m, "cartão de crédito em 3x")
    inBoth(m, "produção de 20 a 30 dias + envio em até 2 dias úteis (SEDEX)")
    inBoth(m, "Avenida Paulista, 1578 - apto 42, Bela Vista, São Paulo/SP, CEP 01310-200")
    expect(m.text).toContain(
      "Goku Super Saiyajin ×1 — R$\u00a0299,90 — Coleção Anime Legends · edição nº 37/500",
    )
    expect(m.text).not.toContain("Vegeta ×2 — R$\u00a0300,00 — Coleção Anime Legends · edição")
  })

  it("names every serial of a line of several numbered units", () => {
    const paid = aPaidOrder()
    const order = aPaidOrder({
      lines: [{ ...paid.lines[0]!, quantity: 3, serials: [37, 38, 39] }],
    })
    inBoth(paymentApprovedEmail({ ...input, order, payment: card }), "edições nº 37/500, 38/500 e 39/500")
  })

  it("falls back to the general lead time without a shipping promise of its own", () => {
    expect(LEAD_TIME_TEXT).toContain("30 a 45 dias")
    const m = paymentApprovedEmail({ ...input, order: aPaidOrder({ shipsOn: null }), payment: card })
    expect(m.text).not.toContain("será enviado em")
  })

  it("says why a payment was refused and links to paying again", () => {
    const m = all.find(([name]) => name === "rejected")![1]
    inBoth(m, "O cartão não tem limite suficiente. Use outro cartão ou pague com PIX.")
    inBoth(m, "até 20/11/2026 às 10:30")
    expect(m.html).toContain(`href="${escapeHtml(ORDER_PAGE)}"`)
    expect(m.text).toContain(`Tentar pagar novamente:\n${ORDER_PAGE}\n`)
  })

  it("explains a refusal without a known reason in general terms", () => {
    const m = paymentRejectedEmail({ ...input, order: anOrder({ status: "rejected" }), statusDetail: null })
    inBoth(m, "O pagamento não foi aprovado. Tente novamente ou use outra forma de pagamento.")
  })

  it("tells an expired order's pieces went back and links to the shop", () => {
    const m = all.find(([name]) => name === "expired")![1]
    inBoth(m, "voltaram para a loja ou para o primeiro da lista de espera")
    expect(m.html).toContain('href="https://legendarium.example/colecoes"')
    expect(m.text).toContain("\nhttps://legendarium.example/colecoes\n")
  })

  it("escapes a hostile product name and customer name in the HTML and keeps them literal in the text", () => {
    const hostile = `Goku <script>alert("x")</script> & 'Vegeta'`
    const order = aPaidOrder()
    const withHostile = aPaidOrder({ lines: [{ ...order.lines[0]!, name: hostile }] })
    const messages = [
      orderReceivedEmail({ ...input, order: withHostile, name: "<b>Ana</b>" }),
      paymentApprovedEmail({ ...input, order: withHostile, name: "<b>Ana</b>", payment: card }),
      orderExpiredEmail({ ...input, order: { ...withHostile, status: "expired" }, name: "<b>Ana</b>" }),
    ]
    for (const m of messages) {
      expect(m.html).not.toContain("<script")
      expect(m.html).not.toContain("<b>")
      expect(m.html).toContain(
        "Goku &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Vegeta&#39; ×1",
      )
      expect(m.text).toContain(`${hostile} ×1`)
      expect(m.text).toContain("Olá, <b>Ana</b>!")
    }
  })

  it("escapes a PIX code and refuses a boleto link that is not a web address", () => {
    const m = pixInstructionsEmail({ ...input, pix: { ...pix, qrCode: `abc"><img src=x>` }, amount: 1 })
    expect(m.html).not.toContain("<img")
    expect(m.text).toContain(`abc"><img src=x>`)
    expect(() =>
      boletoInstructionsEmail({ ...input, boleto: { ...BOLETO, url: "javascript:alert(1)" }, amount: 1 }),
    ).toThrow()
  })

  it("names the prepaid plan a plan order bought, its discount, and when its first month ships", () => {
    const plan = {
      planId: "quarterly" as const,
      name: "Trimestral",
      months: 3,
      collectionId: "c-anime",
      collectionName: "Anime Legends",
      discountPercent: 10,
    }
    const order = aPaidOrder({
      kind: "plan",
      plan,
      lines: [],
      couponCode: null,
      couponId: null,
      totals: {
        subtotal: 89970,
        discount: 8997,
        coinsDiscount: 0,
        pixDiscount: 0,
        shipping: 0,
        total: 80973,
      },
    })
    const mail = paymentApprovedEmail({ ...input, order, payment: { ...card, amount: 80973 } })
    inBoth(mail, "Plano Trimestral — Coleção Anime Legends, 3 meses")
    inBoth(mail, "Desconto do plano (10%)")
    expect(mail.text).toContain("O primeiro mês do seu plano será enviado em")
    inBoth(
      orderReceivedEmail({ ...input, order: { ...order, status: "awaiting_payment" } }),
      "Plano Trimestral",
    )
  })
})
