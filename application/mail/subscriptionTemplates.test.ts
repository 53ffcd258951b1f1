import { describe, expect, it } from "vitest"
import {
  subscriptionActivatedEmail,
  subscriptionCancelledEmail,
  subscriptionChargeFailedEmail,
  subscriptionPausedByDunningEmail,
  subscriptionRenewedEmail,
} from "./subscriptionTemplates"
import type { StoreIdentity } from "./templates"

const store: StoreIdentity = {
  name: "Legendarium",
  supportEmail: "contato@legendarium.example",
  supportHours: "segunda a sexta, das 9h às 18h",
  publicUrl: "https://legendarium.example",
}
const input = { name: "Ana", planName: "Plano Bimestral", collectionName: "Anime", store }

describe("subscription e-mails", () => {
  it("tell the activation with the months paid for and the page to manage it", () => {
    const mail = subscriptionActivatedEmail({ ...input, amount: 49990, months: ["2026-11", "2026-12"] })
    expect(mail.subject).toBe("Sua assinatura foi ativada — Legendarium")
    expect(mail.text).toContain("Pagamento aprovado! Sua assinatura foi ativada com sucesso")
    expect(mail.text).toContain("novembro de 2026 e dezembro de 2026")
    expect(mail.text).toContain("R$\u00a0499,90")
    expect(mail.html).toContain("https://legendarium.example/assinatura")
  })

  it("tell a renewal's amount and month", () => {
    const mail = subscriptionRenewedEmail({ ...input, amount: 29990, months: ["2027-01"] })
    expect(mail.text).toContain("janeiro de 2027")
  })

  it("give the day of the next try when a charge is refused", () => {
    const mail = subscriptionChargeFailedEmail({ ...input, retryOn: { year: 2026, month: 12, day: 3 } })
    expect(mail.subject).toBe("Não conseguimos cobrar sua assinatura — Legendarium")
    expect(mail.text).toContain("Vamos tentar de novo em 03/12/2026")
  })

  it("say what to do after the dunning pause, in the decision's words", () => {
    expect(subscriptionPausedByDunningEmail(input).text).toContain(
      "Não conseguimos cobrar seu cartão. Sua assinatura foi pausada: atualize o cartão para reativá-la.",
    )
  })

  it("confirm a cancellation", () => {
    const mail = subscriptionCancelledEmail(input)
    expect(mail.subject).toBe("Sua assinatura foi cancelada — Legendarium")
    expect(mail.text).toContain("Não haverá novas cobranças")
  })
})
