import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { MailDeliveryFailed, Mailer } from "../ports/Mailer"
import { SentEmails } from "../ports/SentEmails"
import type { EmailContent } from "./templates"

export interface OutgoingEmail {
  readonly eventId: string
  readonly template: string
  readonly to: string
  readonly content: EmailContent
}

/**
 * Sends one message and logs the attempt. The log is keyed by event and template: once a message got
 * through, a redelivered event does not send it again. A failure is logged and fails the handler, so the
 * dispatcher retries it.
 */
export const deliverEmail = Effect.fn("Mail.deliver")(function* (email: OutgoingEmail) {
  const log = yield* SentEmails
  const clock = yield* Clock
  const attempt = yield* log.begin(
    { eventId: email.eventId, template: email.template, recipient: email.to, subject: email.content.subject },
    yield* clock.now(),
  )
  if (attempt.kind === "sent") return
  if (attempt.kind === "busy")
    return yield* new MailDeliveryFailed({ reason: "envio em andamento em outra instância" })
  const { id } = attempt
  const { messageId } = yield* (yield* Mailer)
    .send({ to: email.to, ...email.content })
    .pipe(Effect.tapError((error) => Effect.flatMap(clock.now(), (now) => log.failed(id, error.reason, now))))
  yield* log.sent(id, messageId, yield* clock.now())
})
