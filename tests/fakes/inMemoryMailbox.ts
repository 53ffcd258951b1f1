import { Effect, Layer } from "effect"
import { type EmailMessage, MailDeliveryFailed, Mailer } from "../../application/ports/Mailer"
import { SentEmails } from "../../application/ports/SentEmails"
import { StoreSite } from "../../application/ports/StoreSite"
import { inMemoryNotificationCenter, noTopicServices } from "./inMemoryNotificationCenter"

type Status = "sending" | "sent" | "failed"

/** A mailer that keeps what it sends in `sent` (the n-th gets `<mn@smtp>`), or fails as an unreachable server. */
export const recordingMailer = (sent: EmailMessage[], smtpDown = false) =>
  Layer.succeed(
    Mailer,
    Mailer.of({
      send: (message) =>
        smtpDown
          ? Effect.fail(new MailDeliveryFailed({ reason: "ECONNREFUSED" }))
          : Effect.sync(() => {
              sent.push(message)
              return { messageId: `<m${sent.length}@smtp>` }
            }),
    }),
  )

/**
 * A mailer and its log (keyed by event and template, as PostgresSentEmails is), for the e-mail handlers.
 * `smtpDown` makes every send fail as an unreachable server does; `topics: false` is for senders of
 * transactional e-mail only, where asking for a preference or an unsubscribe link fails the test.
 */
export function inMemoryMailbox(options: { smtpDown?: boolean; topics?: boolean } = {}) {
  const sent: EmailMessage[] = []
  const log = new Map<string, { template: string; status: Status }>()
  const center = inMemoryNotificationCenter()
  const mark = (id: string, status: Status) =>
    Effect.sync(() => {
      const entry = log.get(id)
      if (entry) log.set(id, { ...entry, status })
    })
  const layer = Layer.mergeAll(
    options.topics === false ? noTopicServices : center.layer,
    Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" })),
    recordingMailer(sent, options.smtpDown),
    Layer.succeed(
      SentEmails,
      SentEmails.of({
        begin: (attempt) =>
          Effect.sync(() => {
            const key = `${attempt.eventId}:${attempt.template}`
            if (log.get(key)?.status === "sent") return { kind: "sent" } as const
            log.set(key, { template: attempt.template, status: "sending" })
            return { kind: "start", id: key } as const
          }),
        sent: (id) => mark(id, "sent"),
        failed: (id) => mark(id, "failed"),
      }),
    ),
  )
  /** Each template begun, in order, with where its sending stands. */
  const attempts = () => [...log.values()]
  return { sent, attempts, layer, center }
}

export type InMemoryMailbox = ReturnType<typeof inMemoryMailbox>
