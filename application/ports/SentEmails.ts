import { Context, type Effect } from "effect"

export interface EmailAttempt {
  /** The event the message answers; with the template it identifies the message, so a retry never sends twice. */
  readonly eventId: string
  readonly template: string
  readonly recipient: string
  readonly subject: string
}

export type AttemptStart =
  | { readonly kind: "start"; readonly id: string }
  | { readonly kind: "sent" }
  | { readonly kind: "busy" }

/** How long an unfinished attempt keeps others from sending the same message (longer than any SMTP timeout). */
export const SENDING_GUARD_MS = 2 * 60_000

/** The log of every e-mail the store sends: who, which template, how it went. Never bodies, links or tokens. */
export class SentEmails extends Context.Service<
  SentEmails,
  {
    /**
     * Starts an attempt, counting it. `sent`: an earlier attempt got through; `busy`: another attempt started
     * moments ago and has not finished (another instance may be sending it right now).
     */
    begin(attempt: EmailAttempt, now: number): Effect.Effect<AttemptStart>
    sent(id: string, providerMessageId: string | null, now: number): Effect.Effect<void>
    failed(id: string, error: string, now: number): Effect.Effect<void>
  }
>()("store/application/SentEmails") {}
