import { Effect } from "effect"
import { newsletterConfirmationToken } from "../catalog"
import type { EventHandler } from "../events"
import type { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { SecretBox } from "../ports/SecretBox"
import type { SentEmails } from "../ports/SentEmails"
import { StoreSettings } from "../ports/StoreSettings"
import { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { deliverEmail } from "./deliverEmail"
import { newsletterConfirmationEmail } from "./templates"

/**
 * Double opt-in: the confirmation e-mail. Its link is made when the message is written, so the secret never
 * sits in the outbox.
 */
export const newsletterEmailsHandler: EventHandler<
  Clock | Mailer | SecretBox | SentEmails | NotificationCenter | UnsubscribeTokens | StoreSettings | StoreSite
> = {
  name: "mail.newsletter",
  on: ["NewsletterSubscribed"],
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "NewsletterSubscribed") return
      const site = yield* StoreSite
      const settings = yield* (yield* StoreSettings).get()
      const token = yield* newsletterConfirmationToken(event.payload.email)
      const url = `${site.publicUrl}/newsletter/confirmar?t=${encodeURIComponent(token)}`
      const store = { ...site, supportEmail: settings.supportEmail, supportHours: settings.supportHours }
      yield* deliverEmail({
        eventId: event.id,
        template: "newsletter-confirmation",
        to: event.payload.email,
        content: newsletterConfirmationEmail({ url, store }),
      })
    }),
}
