import { Effect, Layer } from "effect"
import nodemailer from "nodemailer"
import { MailDeliveryFailed, Mailer } from "../../application/ports/Mailer"

/**
 * nodemailer waits up to an hour on a silent socket by default; a sign-up request must not hang that long.
 * These go into the URL because nodemailer ignores extra options once it is given a connection URL.
 */
const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 15_000,
  dnsTimeout: 10_000,
}

interface SmtpError {
  readonly code?: unknown
  readonly responseCode?: unknown
  readonly command?: unknown
  readonly message?: unknown
}

/** Parses the URL without ever letting it (and the password inside) reach an error message. */
function connectionUrl(smtpUrl: string): { url: string; secrets: string[] } {
  let url: URL
  try {
    url = new URL(smtpUrl)
  } catch {
    throw new Error("SMTP_URL não é uma URL válida")
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error("SMTP_URL precisa começar com smtp:// ou smtps://")
  for (const [key, value] of Object.entries(TIMEOUTS))
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value))
  const secrets = [url.username, url.password].flatMap((s) => [s, safeDecode(s)]).filter((s) => s.length >= 3)
  return { url: url.toString(), secrets: [...new Set([smtpUrl, url.toString(), ...secrets])] }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** Keeps what helps diagnose (error code, SMTP reply, failing command) and blanks anything secret. */
function describeFailure(error: unknown, secrets: readonly string[]): string {
  const e = (typeof error === "object" && error !== null ? error : {}) as SmtpError
  const parts = [
    typeof e.code === "string" ? e.code : "SMTP",
    typeof e.responseCode === "number" ? String(e.responseCode) : "",
    typeof e.command === "string" ? `(${e.command.split(" ")[0]})` : "",
  ].filter(Boolean)
  let message = typeof e.message === "string" ? e.message : String(error)
  // Case-insensitive: relays and nodemailer change the case of addresses (the domain especially).
  for (const secret of secrets)
    message = message.replace(new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), "***")
  return `${parts.join(" ")}: ${message}`.slice(0, 500)
}

/** Sends through any SMTP relay given as smtp[s]://user:password@host:port. */
export const SmtpMailerLayer = (smtpUrl: string, from: string) =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const { url, secrets } = yield* Effect.try({
        try: () => connectionUrl(smtpUrl),
        catch: (error) => error as Error,
      }).pipe(Effect.orDie)
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() => nodemailer.createTransport(url)),
        (t) => Effect.sync(() => t.close()),
      )
      return Mailer.of({
        send: (message) =>
          Effect.tryPromise({
            try: () =>
              transport.sendMail({
                from,
                to: message.to,
                subject: message.subject,
                text: message.text,
                html: message.html,
                ...(message.headers ? { headers: { ...message.headers } } : {}),
              }),
            // The relay's reply often quotes the recipient: personal data, kept out of logs and operator screens.
            catch: (error) =>
              new MailDeliveryFailed({
                reason: describeFailure(error, [...secrets, message.to]),
              }),
          }).pipe(
            Effect.map((info) => ({ messageId: typeof info.messageId === "string" ? info.messageId : null })),
            Effect.withSpan("SmtpMailer.send"),
          ),
      })
    }),
  )

/**
 * The status page's probe of the relay: connects, greets and authenticates (nodemailer's `verify`), sends
 * nothing. A transport of its own, closed after each check, so a probe never holds the sending connection.
 */
export function smtpProbe(smtpUrl: string): Effect.Effect<void, { readonly reason: string }> {
  return Effect.suspend(() => {
    const { url, secrets } = connectionUrl(smtpUrl)
    const transport = nodemailer.createTransport(url)
    return Effect.tryPromise({
      try: () => transport.verify(),
      catch: (error) => ({ reason: describeFailure(error, secrets) }),
    }).pipe(Effect.asVoid, Effect.ensuring(Effect.sync(() => transport.close())))
  })
}
