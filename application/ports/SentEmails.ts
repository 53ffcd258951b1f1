import { Context, type Effect } from "effect"

export interface EmailAttempt {
  /** The event the message answers; with the template it identifies the message, so a retry never sends twice. */
  readonly eventId: string
  readonly template: string
  readonly recipient: string
  readonly subject: string
}

/** The log of every e-mail the store sends: who, which template, how it went. Never bodies, links or tokens. */
export class SentEmails extends Context.Service<
  SentEmails,
  {
    /** Starts an attempt (counting it); `alreadySent` when an earlier attempt got through. */
    begin(
      attempt: EmailAttempt,
      now: number,
    ): Effect.Effect<{ readonly id: string; readonly alreadySent: boolean }>
    sent(id: string, providerMessageId: string | null, now: number): Effect.Effect<void>
    failed(id: string, error: string, now: number): Effect.Effect<void>
  }
>()("store/application/SentEmails") {}
