import { Context, Data, type Effect } from "effect"

export interface EmailMessage {
  readonly to: string
  readonly subject: string
  readonly html: string
  readonly text: string
  /** Extra headers, such as List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  readonly headers?: Readonly<Record<string, string>>
}

/** The message did not leave; `reason` is safe to log (it never carries server credentials). */
export class MailDeliveryFailed extends Data.TaggedError("MailDeliveryFailed")<{ readonly reason: string }> {}

export class Mailer extends Context.Service<
  Mailer,
  {
    /** Answers the provider's message id when it gives one. */
    send(message: EmailMessage): Effect.Effect<{ readonly messageId: string | null }, MailDeliveryFailed>
  }
>()("store/application/Mailer") {}
