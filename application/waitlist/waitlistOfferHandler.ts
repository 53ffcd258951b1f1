import { Effect } from "effect"
import { isRevealed, mysteryCharacterName } from "../../domain/catalog/characterDisclosure"
import { offerNotice } from "../../domain/editions/waitlistLine"
import type { RecordedEvent } from "../../domain/events"
import { characterPath } from "../../domain/notifications/messages"
import type { EventHandler } from "../events"
import { contactOfEvent } from "../events"
import { deliverEmail, storeIdentity, waitlistOfferEmail } from "../mail"
import { notify } from "../notifications"
import type { AccountData } from "../ports/AccountData"
import { CharacterReveals } from "../ports/CharacterReveals"
import { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"

type Services =
  | AccountData
  | CharacterReveals
  | Clock
  | Mailer
  | NotificationCenter
  | SentEmails
  | StoreSettings
  | StoreSite
  | UnsubscribeTokens

/**
 * A unit held for a collector reaches them in their notifications (type billing: a purchase they asked for)
 * and by e-mail. The e-mail is sent whatever their choices: they asked for exactly this by joining the line,
 * 'Sair da lista' is how they stop it, and a missed message would lose them the unit. Both are keyed (the
 * notification by the offer, the e-mail by event and template), so a redelivered event tells them once.
 */
export const waitlistOfferHandler: EventHandler<Services> = {
  name: "waitlist.offer",
  on: ["WaitlistOfferMade"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "WaitlistOfferMade") return
      const { entryId, productId, userId, offerExpiresAt } = event.payload
      const character = yield* (yield* CharacterReveals).find(productId)
      if (!character) return yield* Effect.logInfo("waitlist offer for a character that is gone")
      // An edition can sell out before its character's reveal: the offer then names the month's mystery.
      const name = isRevealed(character, yield* (yield* Clock).now())
        ? character.name
        : mysteryCharacterName(character.edition)
      const notice = offerNotice(name, offerExpiresAt)
      yield* notify({
        userId,
        type: "billing",
        ...notice,
        actionUrl: characterPath(productId),
        metadata: { productId, entryId },
        key: `waitlist-offer:${entryId}:${offerExpiresAt}`,
      })
      const contact = yield* contactOfEvent(userId)
      if (!contact) return yield* Effect.logInfo("waitlist offer for an account that no longer exists")
      const store = yield* storeIdentity
      yield* deliverEmail({
        eventId: event.id,
        template: "waitlist-offer",
        to: contact.email,
        content: waitlistOfferEmail({
          name: contact.name,
          characterName: name,
          offerExpiresAt,
          url: `${store.publicUrl}${characterPath(productId)}`,
          store,
        }),
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
