import { Context, type Effect } from "effect"

/**
 * Sends a new e-mail confirmation link through the accounts' own path (a fresh token, the outbox, the
 * per-recipient mail limit). Provided by the server, which owns the auth library.
 */
export class VerificationMail extends Context.Service<
  VerificationMail,
  { send(email: string): Effect.Effect<void> }
>()("store/application/VerificationMail") {}
