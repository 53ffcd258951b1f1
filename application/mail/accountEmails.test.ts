import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { DELETION_DONE_TEXT, DELETION_OUTCOME_TEXT } from "../../domain/accounts/accountDeletion"
import type { SealedLink } from "../../domain/accounts/accountEvents"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import { fixedClock, settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { recordingMailer } from "../../tests/fakes/inMemoryMailbox"
import { noTopicServices } from "../../tests/fakes/inMemoryNotificationCenter"
import type { EmailMessage } from "../ports/Mailer"
import { SealBroken, SecretBox } from "../ports/SecretBox"
import { SentEmails } from "../ports/SentEmails"
import { StoreSite } from "../ports/StoreSite"
import { accountEmailsHandler } from "./accountEmails"

const NOW = Date.UTC(2026, 10, 24, 15, 30)
const person = { userId: "u1", email: "ana@example.com", name: "Ana" }
const recorded = (event: ReturnType<typeof domainEvent>): RecordedEvent => ({
  ...event,
  id: "42",
  occurredAt: NOW,
})

function world(options: { alreadySent?: boolean; smtpDown?: boolean } = {}) {
  const sent: EmailMessage[] = []
  const log: string[] = []
  const layer = Layer.mergeAll(
    noTopicServices,
    fixedClock(NOW),
    settingsLayer({ supportEmail: "ajuda@legendarium.com.br" }),
    Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" })),
    Layer.succeed(
      SecretBox,
      SecretBox.of({
        seal: (link) => `sealed:${link}` as SealedLink,
        open: (sealed) =>
          sealed.startsWith("sealed:") ? Effect.succeed(sealed.slice(7)) : Effect.fail(new SealBroken()),
      }),
    ),
    recordingMailer(sent, options.smtpDown),
    Layer.succeed(
      SentEmails,
      SentEmails.of({
        begin: (attempt) =>
          Effect.sync(() => {
            log.push(`begin ${attempt.eventId} ${attempt.template} ${attempt.recipient} ${attempt.subject}`)
            return options.alreadySent ? ({ kind: "sent" } as const) : ({ kind: "start", id: "s1" } as const)
          }),
        sent: (id, messageId) => Effect.sync(() => void log.push(`sent ${id} ${messageId}`)),
        failed: (id, error) => Effect.sync(() => void log.push(`failed ${id} ${error}`)),
      }),
    ),
  )
  return { sent, log, layer }
}

const handle = (event: RecordedEvent, w: ReturnType<typeof world>) =>
  Effect.runPromiseExit(accountEmailsHandler.handle(event).pipe(Effect.provide(w.layer)))

describe("account e-mails", () => {
  it("sends the confirmation with the unsealed link and logs it", async () => {
    const w = world()
    const link = "https://loja.example/api/auth/verify-email?token=abc" as const
    const exit = await handle(
      recorded(
        domainEvent("EmailVerificationRequested", "u1", { ...person, link: `sealed:${link}` as SealedLink }),
      ),
      w,
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(w.sent).toHaveLength(1)
    expect(w.sent[0]!.to).toBe("ana@example.com")
    expect(w.sent[0]!.subject).toBe("Confirme seu e-mail — Legendarium")
    expect(w.sent[0]!.text).toContain(link)
    expect(w.log).toEqual([
      "begin 42 verification ana@example.com Confirme seu e-mail — Legendarium",
      "sent s1 <m1@smtp>",
    ])
  })

  it("writes the password-changed time in São Paulo", async () => {
    const w = world()
    await handle(recorded(domainEvent("PasswordChanged", "u1", { ...person, at: NOW })), w)
    expect(w.sent[0]!.text).toContain("24/11/2026, 12:30")
    expect(w.sent[0]!.text).toContain("ajuda@legendarium.com.br")
  })

  it("confirms a deletion to its address, saying what became of each open item and what is kept", async () => {
    const w = world()
    const items = [
      { label: "Pedido LG-2026-000001", outcome: "cancel_unpaid" },
      { label: "Pedido LG-2026-000002", outcome: "ships" },
    ] as const
    await handle(
      recorded(domainEvent("AccountClosed", "closing-1", { email: person.email, name: person.name, items })),
      w,
    )
    expect(w.sent).toHaveLength(1)
    expect(w.sent[0]!.to).toBe("ana@example.com")
    expect(w.sent[0]!.subject).toBe("Sua conta foi excluída — Legendarium")
    const { text } = w.sent[0]!
    expect(text).toContain("Pedido LG-2026-000001")
    // Done by the time it arrives: said in the past tense; what ships is still to come.
    expect(text).toContain(DELETION_DONE_TEXT.cancel_unpaid)
    expect(text).not.toContain(DELETION_OUTCOME_TEXT.cancel_unpaid)
    expect(text).toContain("foi cancelado")
    expect(text).toContain(DELETION_DONE_TEXT.ships)
    expect(text).toContain("por 5 anos")
    expect(w.log[0]).toContain("account-closed ana@example.com")
  })

  it("welcomes a verified customer with a link to the store", async () => {
    const w = world()
    await handle(recorded(domainEvent("EmailVerified", "u1", person)), w)
    expect(w.sent[0]!.subject).toBe("Boas-vindas à Legendarium!")
    expect(w.sent[0]!.html).toContain('href="https://loja.example"')
  })

  it("does not send again what an earlier attempt delivered", async () => {
    const w = world({ alreadySent: true })
    await handle(recorded(domainEvent("EmailVerified", "u1", person)), w)
    expect(w.sent).toEqual([])
  })

  it("fails, and logs the failure, when the SMTP server is down, so the dispatcher retries", async () => {
    const w = world({ smtpDown: true })
    const exit = await handle(recorded(domainEvent("EmailVerified", "u1", person)), w)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("MailDeliveryFailed")
    expect(w.log.at(-1)).toBe("failed s1 ECONNREFUSED")
  })

  it("does not send a reset link that expired while it waited for retries", async () => {
    const w = world()
    const link = "sealed:https://loja.example/reset?token=x" as SealedLink
    const event = recorded(domainEvent("PasswordResetRequested", "u1", { ...person, link }))
    await handle({ ...event, occurredAt: NOW - 61 * 60_000 }, w)
    expect(w.sent).toEqual([])
    await handle({ ...event, occurredAt: NOW - 59 * 60_000 }, w)
    expect(w.sent).toHaveLength(1)
  })

  it("fails without sending when the link cannot be unsealed", async () => {
    const w = world()
    const exit = await handle(
      recorded(domainEvent("PasswordResetRequested", "u1", { ...person, link: "adulterado" as SealedLink })),
      w,
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("SealBroken")
    expect(w.sent).toEqual([])
  })
})
