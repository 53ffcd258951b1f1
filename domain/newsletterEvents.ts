import type { EventOf } from "./events"

export type NewsletterEvent = EventOf<
  "NewsletterSubscribed",
  { readonly email: string; readonly source: string }
>
