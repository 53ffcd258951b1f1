import { Effect } from "effect"
import type { NotificationType } from "../../domain/notifications/announcement"
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TEXTS } from "../../domain/notifications/unsubscribe"
import { Clock } from "../ports/Clock"
import { MailDeliveryFailed, Mailer } from "../ports/Mailer"
import { NotificationCenter } from "../ports/NotificationCenter"
import { SentEmails } from "../ports/SentEmails"
import { StoreSite } from "../ports/StoreSite"
import { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { type EmailContent, withFooterLink } from "./templates"

export interface OutgoingEmail {
  readonly eventId: string
  readonly template: string
  readonly to: string
  readonly content: EmailContent
  /**
   * What the message is about, for a customer who can choose not to receive it (spec 001's types): their
   * e-mail choice for the type is honoured and the message carries a one-click unsubscribe for that type.
   * Transactional messages (account security, order received, payment instructions and approval, refunds,
   * withdrawals, support tickets) have none: the customer needs them, so they are always sent.
   */
  readonly topic?: { readonly userId: string; readonly type: NotificationType }
}

export type DeliveryOutcome = "sent" | "already-sent" | "opted-out"

/** The unsubscribe link of a customer and type; a bearer credential, so never logged. */
const unsubscribeLink = Effect.fnUntraced(function* (userId: string, type: NotificationType) {
  const token = (yield* UnsubscribeTokens).sign(userId, type)
  return `${(yield* StoreSite).publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`
})

/**
 * Sends one message and logs the attempt. The log is keyed by event and template: once a message got
 * through, a redelivered event does not send it again. A failure is logged and fails the handler, so the
 * dispatcher retries it.
 *
 * A message whose customer turned e-mail off for its type is not sent and not logged: the administration's
 * log lists what the store sent or tried to send, and a choice not to receive is neither (nor a failure to
 * retry). The choice is read at sending time, so a change made while the event waited is honoured.
 */
export const deliverEmail = Effect.fn("Mail.deliver")(function* (email: OutgoingEmail) {
  let content = email.content
  let headers: Record<string, string> | undefined
  if (email.topic) {
    const { userId, type } = email.topic
    const preferences = yield* (yield* NotificationCenter).preferences(userId)
    if (!preferences[type].email) {
      yield* Effect.logInfo("e-mail not sent: the customer turned this type off").pipe(
        Effect.annotateLogs({ template: email.template, notificationType: type }),
      )
      return "opted-out" satisfies DeliveryOutcome as DeliveryOutcome
    }
    const url = yield* unsubscribeLink(userId, type)
    content = withFooterLink(content, {
      question: UNSUBSCRIBE_TEXTS.footer(type),
      label: UNSUBSCRIBE_TEXTS.footerLink,
      url,
    })
    // RFC 8058: mail providers show their own "unsubscribe" and POST to it. No mailto: nobody reads replies
    // to the sending address, and an https link is what the one-click standard asks for.
    headers = { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
  }
  const log = yield* SentEmails
  const clock = yield* Clock
  const attempt = yield* log.begin(
    { eventId: email.eventId, template: email.template, recipient: email.to, subject: content.subject },
    yield* clock.now(),
  )
  if (attempt.kind === "sent") return "already-sent" as DeliveryOutcome
  if (attempt.kind === "busy")
    return yield* new MailDeliveryFailed({ reason: "envio em andamento em outra instância" })
  const { id } = attempt
  const { messageId } = yield* (yield* Mailer)
    .send({ to: email.to, ...content, ...(headers ? { headers } : {}) })
    .pipe(Effect.tapError((error) => Effect.flatMap(clock.now(), (now) => log.failed(id, error.reason, now))))
  yield* log.sent(id, messageId, yield* clock.now())
  return "sent" as DeliveryOutcome
})
