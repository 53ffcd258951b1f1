import type { EventOf } from "./events"

export type NewsletterEvent =
  /** An address asked to receive the newsletter; it counts once confirmed from the e-mail (double opt-in). */
  | EventOf<"NewsletterSubscribed", { readonly email: string; readonly source: string }>
  | EventOf<"NewsletterConfirmed", { readonly email: string }>
