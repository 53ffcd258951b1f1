import { Effect } from "effect"
import type { RecordedEvent } from "../../domain/events"
import { characterPath, orderPath } from "../../domain/notifications/messages"
import type { EventHandler } from "../events"
import { contactOfEvent } from "../events"
import {
  characterRevealedEmail,
  deliverEmail,
  pixExpiringEmail,
  storeIdentity,
  tradeStepEmail,
} from "../mail"
import type { AccountData } from "../ports/AccountData"
import { CharacterReveals } from "../ports/CharacterReveals"
import type { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import { OrderStore } from "../ports/OrderStore"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"

type MailServices =
  | AccountData
  | Clock
  | Mailer
  | NotificationCenter
  | SentEmails
  | StoreSettings
  | StoreSite
  | UnsubscribeTokens

/**
 * A character's reveal by e-mail to one customer (type character_reveal). One event per customer, so the mail
 * log's (event, template) key sends it once and a failed address is retried alone; the customer's e-mail choice
 * is read when sending, whatever their in-app choice.
 */
export const characterRevealEmailHandler: EventHandler<MailServices | CharacterReveals> = {
  name: "mail.characterReveal",
  on: ["CharacterRevealEmailDue"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "CharacterRevealEmailDue") return
      const { productId, userId } = event.payload
      const character = yield* (yield* CharacterReveals).find(productId)
      if (!character) return yield* Effect.logInfo("reveal e-mail for a character that is gone")
      const contact = yield* contactOfEvent(userId)
      if (!contact) return yield* Effect.logInfo("reveal e-mail for an account that no longer exists")
      const store = yield* storeIdentity
      yield* deliverEmail({
        eventId: event.id,
        template: "character-revealed",
        to: contact.email,
        content: characterRevealedEmail({
          name: contact.name,
          characterName: character.name,
          collectionName: character.collectionName,
          imageUrl: character.imageUrl,
          url: `${store.publicUrl}${characterPath(productId)}`,
          store,
        }),
        topic: { userId, type: "character_reveal" },
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}

/**
 * The PIX reminder by e-mail (type billing), with the copia-e-cola code. Not sent once the order was paid or
 * ended meanwhile: the reminder would be wrong.
 */
export const pixExpiringEmailHandler: EventHandler<MailServices | OrderStore> = {
  name: "mail.pixExpiring",
  on: ["PixExpiringSoon"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "PixExpiringSoon") return
      const { orderId, userId, expiresAt } = event.payload
      const orders = yield* OrderStore
      const order = yield* orders.get(orderId)
      if (order?.status !== "awaiting_payment")
        return yield* Effect.logInfo("PIX reminder not sent: the order is no longer awaiting payment")
      const attempt = order.currentAttemptId ? yield* orders.getAttempt(order.currentAttemptId) : null
      const contact = yield* contactOfEvent(userId)
      if (!contact) return yield* Effect.logInfo("PIX reminder for an account that no longer exists")
      const store = yield* storeIdentity
      yield* deliverEmail({
        eventId: event.id,
        template: "pix-expiring",
        to: contact.email,
        content: pixExpiringEmail({
          name: contact.name,
          orderNumber: order.number,
          expiresAt,
          pixCode: attempt?.pix?.qrCode ?? null,
          url: `${store.publicUrl}${orderPath(orderId)}`,
          store,
        }),
        topic: { userId, type: "billing" },
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}

/** A step of a trade by e-mail to the collector it concerns (type trade), with the in-app text. */
export const tradeStepEmailHandler: EventHandler<MailServices> = {
  name: "mail.tradeStep",
  on: ["TradeStepTold"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "TradeStepTold") return
      const { userId, title, message } = event.payload
      const contact = yield* contactOfEvent(userId)
      if (!contact) return yield* Effect.logInfo("trade e-mail for an account that no longer exists")
      const store = yield* storeIdentity
      yield* deliverEmail({
        eventId: event.id,
        template: "trade-update",
        to: contact.email,
        content: tradeStepEmail({
          name: contact.name,
          title,
          message,
          url: `${store.publicUrl}/trocas`,
          store,
        }),
        topic: { userId, type: "trade" },
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
