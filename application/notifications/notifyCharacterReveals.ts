import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { characterPath, NOTICES } from "../../domain/notifications/messages"
import { CharacterReveals, type RevealedCharacter } from "../ports/CharacterReveals"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { NotificationClaims } from "../ports/NotificationClaims"
import { UnitOfWork } from "../ports/UnitOfWork"
import { notify } from "./notify"

const DAY = 24 * 60 * 60_000

/**
 * How far back a reveal is still news: a store that was down on the 15th tells its collectors when it comes
 * back, but a character revealed weeks ago (or before this job existed) is not announced as new.
 */
export const REVEAL_NEWS_DAYS = 3

export const revealKey = (productId: string) => `reveal:${productId}`

/**
 * One character's reveal, once: the claim, the in-app notifications (through `notify`, so each customer's
 * in-app choice is honoured) and one `CharacterRevealEmailDue` per customer (whose handler honours the e-mail
 * choice) commit together. A second run, or a second instance running at the same moment, finds the claim
 * taken and does nothing; so each customer gets each channel once, and a customer who turned one channel off
 * still gets the other.
 */
const announceReveal = Effect.fnUntraced(function* (character: RevealedCharacter, now: number) {
  const key = revealKey(character.productId)
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      if (!(yield* (yield* NotificationClaims).claim(key, now))) return null
      const audience = yield* (yield* CharacterReveals).audience(character, now)
      const text = NOTICES.characterRevealed(character.name, character.collectionName)
      for (const userId of audience)
        yield* notify({
          userId,
          type: "character_reveal",
          title: text.title,
          message: text.message,
          actionUrl: characterPath(character.productId),
          metadata: { productId: character.productId, collectionId: character.collectionId },
          key,
        })
      yield* (yield* EventOutbox).record([
        domainEvent("CharacterRevealed", character.productId, {
          productId: character.productId,
          collectionId: character.collectionId,
          revealAt: character.revealAt,
        }),
        ...audience.map((userId) =>
          domainEvent("CharacterRevealEmailDue", character.productId, {
            productId: character.productId,
            userId,
          }),
        ),
      ])
      return audience.length
    }),
  )
})

/**
 * The reveal day's news (day 15, noon in São Paulo: each character's `reveal_at`): every subscriber of the
 * character's collection and every collector who favourited it hears of it once, in-app and by e-mail; its
 * holders' achievements follow from `CharacterRevealed` (the community's handler).
 */
export const notifyCharacterReveals = Effect.fn("Notifications.notifyCharacterReveals")(function* () {
  const now = yield* (yield* Clock).now()
  const due = yield* (yield* CharacterReveals).due(now - REVEAL_NEWS_DAYS * DAY, now)
  let recipients = 0
  for (const character of due) {
    const told = yield* announceReveal(character, now)
    if (told === null) continue
    recipients += told
  }
  return { characters: due.length, recipients }
})
