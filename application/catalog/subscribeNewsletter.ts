import { Effect } from "effect"
import { isValidEmail, VALIDATION_MESSAGES } from "../../domain/authValidation"
import { domainEvent } from "../../domain/events"
import { InvalidInput } from "../errors"
import { EventOutbox } from "../ports/EventOutbox"
import { Newsletter } from "../ports/Newsletter"
import { UnitOfWork } from "../ports/UnitOfWork"

export const subscribeNewsletter = Effect.fn("Catalog.subscribeNewsletter")(function* (rawEmail: string) {
  const email = rawEmail.trim().toLowerCase()
  if (email.length > 254 || !isValidEmail(email))
    return yield* new InvalidInput({ message: VALIDATION_MESSAGES.emailInvalid })
  const newsletter = yield* Newsletter
  const outbox = yield* EventOutbox
  const created = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const created = yield* newsletter.subscribe(email, "footer")
      if (created)
        yield* outbox.record([domainEvent("NewsletterSubscribed", email, { email, source: "footer" })])
      return created
    }),
  )
  return { created }
})
