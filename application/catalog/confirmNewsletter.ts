import { Effect, Schema } from "effect"
import type { SealedLink } from "../../domain/accounts/accountEvents"
import { domainEvent } from "../../domain/events"
import { InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { Newsletter } from "../ports/Newsletter"
import { SecretBox } from "../ports/SecretBox"
import { UnitOfWork } from "../ports/UnitOfWork"

/** Days a confirmation link stays valid. */
export const CONFIRMATION_LINK_DAYS = 7
const DAY = 24 * 60 * 60_000

const Token = Schema.Struct({ email: Schema.String, expiresAt: Schema.Number })
const decodeToken = Schema.decodeUnknownOption(Schema.fromJsonString(Token))

export const INVALID_CONFIRMATION =
  "Link de confirmação inválido ou expirado. Inscreva-se de novo no rodapé da loja."

/** The token of a confirmation link: the address and an expiry, sealed so it can be neither read nor forged. */
export const newsletterConfirmationToken = Effect.fnUntraced(function* (email: string) {
  const now = yield* (yield* Clock).now()
  return (yield* SecretBox).seal(JSON.stringify({ email, expiresAt: now + CONFIRMATION_LINK_DAYS * DAY }))
})

/** The owner clicked the link: the address now receives the newsletter. Clicking again changes nothing. */
export const confirmNewsletter = Effect.fn("Catalog.confirmNewsletter")(function* (token: string) {
  const opened = yield* (yield* SecretBox)
    .open(token as SealedLink)
    .pipe(Effect.catch(() => Effect.fail(new InvalidInput({ message: INVALID_CONFIRMATION }))))
  const now = yield* (yield* Clock).now()
  const parsed = decodeToken(opened)
  if (parsed._tag === "None" || parsed.value.expiresAt < now)
    return yield* new InvalidInput({ message: INVALID_CONFIRMATION })
  const { email } = parsed.value
  const newsletter = yield* Newsletter
  const outbox = yield* EventOutbox
  const confirmed = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const done = yield* newsletter.confirm(email, now)
      if (done) yield* outbox.record([domainEvent("NewsletterConfirmed", email, { email })])
      return done
    }),
  )
  if (!confirmed) return yield* new InvalidInput({ message: INVALID_CONFIRMATION })
  return { email }
})
