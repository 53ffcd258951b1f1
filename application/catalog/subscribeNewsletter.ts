import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { InvalidInput } from "../errors"
import { EventOutbox } from "../ports/EventOutbox"
import { Newsletter } from "../ports/Newsletter"
import { UnitOfWork } from "../ports/UnitOfWork"

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const subscribeNewsletter = Effect.fn("Catalog.subscribeNewsletter")(function* (rawEmail: string) {
  const email = rawEmail.trim().toLowerCase()
  if (email.length > 254 || !EMAIL.test(email)) return yield* new InvalidInput({ message: "Email inválido" })
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
