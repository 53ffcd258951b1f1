import { Effect } from "effect"
import { isValidEmail, VALIDATION_MESSAGES } from "../../domain/accounts/authValidation"
import { domainEvent } from "../../domain/events"
import { limitRequests } from "../abuse"
import { InvalidInput } from "../errors"
import { EventOutbox } from "../ports/EventOutbox"
import { Newsletter } from "../ports/Newsletter"
import { RateLimiter } from "../ports/RateLimiter"
import { UnitOfWork } from "../ports/UnitOfWork"

const HOUR = 60 * 60_000

const SUBSCRIPTIONS_PER_ADDRESS = {
  bucket: "newsletter",
  max: 5,
  windowMs: HOUR,
  message: "Muitas inscrições a partir desta conexão. Tente novamente mais tarde.",
}
/** Confirmation e-mails one mailbox may receive a day, however often its address is typed. */
const CONFIRMATIONS_PER_RECIPIENT_DAY = 3

/**
 * Double opt-in: the address is stored awaiting confirmation and its owner gets a link to confirm. The answer
 * is the same whether the address was new, waiting or already confirmed, so the form reveals nothing.
 */
export const subscribeNewsletter = Effect.fn("Catalog.subscribeNewsletter")(function* (rawEmail: string) {
  const email = rawEmail.trim().toLowerCase()
  if (email.length > 254 || !isValidEmail(email))
    return yield* new InvalidInput({ message: VALIDATION_MESSAGES.emailInvalid })
  yield* limitRequests(SUBSCRIPTIONS_PER_ADDRESS)
  const newsletter = yield* Newsletter
  const outbox = yield* EventOutbox
  const limiter = yield* RateLimiter
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const state = yield* newsletter.subscribe(email, "footer")
      if (state === "confirmed") return
      if (!(yield* limiter.hit(`newsletter-mail:${email}`, CONFIRMATIONS_PER_RECIPIENT_DAY, 24 * HOUR)))
        return
      yield* outbox.record([domainEvent("NewsletterSubscribed", email, { email, source: "footer" })])
    }),
  )
  return { ok: true as const }
})
