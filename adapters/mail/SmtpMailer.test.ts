import { Cause, Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type EmailMessage, MailDeliveryFailed, Mailer } from "../../application/ports/Mailer"
import { startSmtp } from "../../tests/fakes/fakeSmtp"
import { SmtpMailerLayer, smtpProbe } from "./SmtpMailer"

/** Decodes RFC 2047 encoded words, so the test need not depend on how nodemailer chose to encode. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    )
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ""
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ")
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line ? line.slice(name.length + 1).trim() : ""
}

const message: EmailMessage = {
  to: "cliente@example.com",
  subject: "Confirme seu e-mail — Legendarium",
  text: "Corpo em texto: marcador-texto-7431",
  html: "<p>Corpo em HTML: marcador-html-9152</p>",
}
const FROM = "Legendarium <nao-responda@legendarium.example>"

const send = (smtpUrl: string, m: EmailMessage = message) =>
  Effect.runPromise(
    Effect.exit(Mailer.use((mailer) => mailer.send(m)).pipe(Effect.provide(SmtpMailerLayer(smtpUrl, FROM)))),
  )

describe("SmtpMailer", () => {
  let open: Awaited<ReturnType<typeof startSmtp>>
  let guarded: Awaited<ReturnType<typeof startSmtp>>

  beforeAll(async () => {
    open = await startSmtp()
    guarded = await startSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "loja" && auth.password === "s3nh@ forte")
          return callback(null, { user: auth.username })
        // A careless server that echoes what it was given: the reason must still not leak the password.
        callback(new Error(`Credenciais recusadas para ${auth.username}:${auth.password}`))
      },
    })
  })
  afterAll(async () => {
    await open?.close()
    await guarded?.close()
  })

  it("delivers the recipient, subject and both the text and HTML parts", async () => {
    const exit = await send(`smtp://127.0.0.1:${open.port}`)
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(open.received).toHaveLength(1)
    const mail = open.received[0]!
    expect(mail.to).toEqual(["cliente@example.com"])
    expect(mail.from).toBe("nao-responda@legendarium.example")
    expect(decodeHeader(header(mail.raw, "Subject"))).toBe(message.subject)
    expect(header(mail.raw, "To")).toBe("cliente@example.com")
    expect(header(mail.raw, "Content-Type")).toMatch(/^multipart\/alternative/)
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i)
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i)
    expect(mail.raw).toContain("marcador-texto-7431")
    expect(mail.raw).toContain("marcador-html-9152")
  })

  it("probes the relay (connect and log in) without sending, and reports a refused login without the password", async () => {
    const sent = guarded.received.length
    const ok = await Effect.runPromise(
      Effect.exit(smtpProbe(`smtp://loja:${encodeURIComponent("s3nh@ forte")}@127.0.0.1:${guarded.port}`)),
    )
    expect(Exit.isSuccess(ok)).toBe(true)
    expect(guarded.received).toHaveLength(sent)
    const refused = await Effect.runPromise(
      Effect.flip(smtpProbe(`smtp://loja:${encodeURIComponent("segredo-errado")}@127.0.0.1:${guarded.port}`)),
    )
    expect(refused.reason).toMatch(/^EAUTH/)
    expect(refused.reason).not.toContain("segredo-errado")
  })

  it("authenticates with the credentials in the URL, percent-decoded", async () => {
    const exit = await send(`smtp://loja:${encodeURIComponent("s3nh@ forte")}@127.0.0.1:${guarded.port}`)
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(guarded.received).toHaveLength(1)
  })

  it("reports a refused login without the password", async () => {
    const exit = await send(`smtp://loja:${encodeURIComponent("segredo-errado")}@127.0.0.1:${guarded.port}`)
    const error = failure(exit)
    expect(error.reason).toMatch(/^EAUTH/)
    expect(error.reason).not.toContain("segredo-errado")
    expect(error.reason).toContain("***")
  })

  it("keeps the recipient's address out of the failure a relay reports", async () => {
    const refusing = await startSmtp({
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`Mailbox <${address.address}> unavailable`), { responseCode: 550 }))
      },
    })
    const exit = await send(`smtp://127.0.0.1:${refusing.port}`, { ...message, to: "Bia.Souza@Example.com" })
    await refusing.close()
    const error = failure(exit)
    expect(error.reason).toMatch(/550/)
    expect(error.reason.toLowerCase()).not.toContain("bia.souza@example.com")
  })

  it("fails with MailDeliveryFailed when nothing listens on the port", async () => {
    const free = await startSmtp()
    await free.close()
    const exit = await send(`smtp://usuario:senha-secreta@127.0.0.1:${free.port}`)
    const error = failure(exit)
    expect(error.reason).toMatch(/ECONNECTION|ECONNREFUSED/)
    expect(error.reason).not.toContain("senha-secreta")
    expect(error.reason).not.toContain("usuario")
  })

  it("rejects a malformed URL without repeating it", async () => {
    const exit = await send("smtp//usuario:senha-secreta@host")
    expect(Exit.isFailure(exit)).toBe(true)
    const text = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
    expect(text).toContain("SMTP_URL")
    expect(text).not.toContain("senha-secreta")
  })
})

function failure(exit: Exit.Exit<unknown, MailDeliveryFailed>): MailDeliveryFailed {
  if (Exit.isSuccess(exit)) throw new Error("expected the delivery to fail")
  const error = Cause.squash(exit.cause)
  expect(error).toBeInstanceOf(MailDeliveryFailed)
  return error as MailDeliveryFailed
}
