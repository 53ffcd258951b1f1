import { Effect, Layer } from "effect"
import { type EmailMessage, Mailer } from "../../application/ports/Mailer"
import { SentEmails } from "../../application/ports/SentEmails"
import { StoreSite } from "../../application/ports/StoreSite"
import { inMemoryNotificationCenter } from "./inMemoryNotificationCenter"

/** A mailer and its log (keyed by event and template, as PostgresSentEmails is), for the e-mail handlers. */
export function inMemoryMailbox() {
  const sent: EmailMessage[] = []
  const log = new Map<string, "sending" | "sent">()
  const center = inMemoryNotificationCenter()
  const layer = Layer.mergeAll(
    center.layer,
    Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" })),
    Layer.succeed(
      Mailer,
      Mailer.of({
        send: (message) =>
          Effect.sync(() => {
            sent.push(message)
            return { messageId: `<m${sent.length}@smtp>` }
          }),
      }),
    ),
    Layer.succeed(
      SentEmails,
      SentEmails.of({
        begin: (attempt) =>
          Effect.sync(() => {
            const key = `${attempt.eventId}:${attempt.template}`
            if (log.get(key) === "sent") return { kind: "sent" } as const
            log.set(key, "sending")
            return { kind: "start", id: key } as const
          }),
        sent: (id) => Effect.sync(() => void log.set(id, "sent")),
        failed: () => Effect.void,
      }),
    ),
  )
  return { sent, layer, center }
}

export type InMemoryMailbox = ReturnType<typeof inMemoryMailbox>
