import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import {
  subscriptionActivatedEmail,
  subscriptionCancellationScheduledEmail,
  subscriptionCancelledEmail,
  subscriptionCardChangedEmail,
  subscriptionChargeFailedEmail,
  subscriptionPausedByCollectorEmail,
  subscriptionPausedByDunningEmail,
  subscriptionReactivatedEmail,
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

  it("confirm the collector's own pause, naming the return day when there is one", () => {
    const dated = subscriptionPausedByCollectorEmail({ ...input, until: { year: 2027, month: 1, day: 20 } })
    expect(dated.subject).toBe("Sua assinatura foi pausada até 20/01/2027 — Legendarium")
    expect(dated.text).toContain("Assinatura pausada até 20/01/2027")
    expect(dated.text).toContain(
      "Nenhuma cobrança nem envio até 20/01/2027; nesse dia ela volta a ficar ativa sozinha.",
    )
    expect(dated.html).toContain("https://legendarium.example/assinatura")
    const open = subscriptionPausedByCollectorEmail({ ...input, until: null })
    expect(open.subject).toBe("Sua assinatura foi pausada — Legendarium")
    expect(open.text).toContain("Nenhuma cobrança nem envio até você reativar a assinatura.")
  })

  it("confirm a reactivation", () => {
    const mail = subscriptionReactivatedEmail(input)
    expect(mail.subject).toBe("Sua assinatura foi reativada — Legendarium")
    expect(mail.text).toContain("Sua assinatura do Plano Bimestral (coleção Anime) está ativa de novo.")
  })

  it("confirm a scheduled cancellation with the São Paulo day it takes effect, and that it can be taken back", () => {
    const mail = subscriptionCancellationScheduledEmail({
      ...input,
      cancelAt: saoPauloInstant({ year: 2026, month: 12, day: 1 }, 0),
    })
    expect(mail.subject).toBe("Cancelamento agendado para 01/12/2026 — Legendarium")
    expect(mail.text).toContain("será cancelada em 01/12/2026, ao fim do período já pago")
    expect(mail.text).toContain("Você pode reativar a assinatura até 01/12/2026.")
  })

  it("confirm a new card, with its brand and last digits", () => {
    const mail = subscriptionCardChangedEmail({ ...input, lastFour: "6351", paymentMethodId: "master" })
    expect(mail.subject).toBe("Cartão da assinatura alterado — Legendarium")
    expect(mail.text).toContain("As próximas cobranças vão para o Mastercard final 6351.")
  })
})
