import { Context, Data, type Effect } from "effect"

export interface EmailMessage {
  readonly to: string
  readonly subject: string
  readonly html: string
  readonly text: string
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
