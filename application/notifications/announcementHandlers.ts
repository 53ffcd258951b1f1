import { Effect } from "effect"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events/EventHandler"
import { contactOfEvent } from "../events/eventReads"
import { announcementEmail } from "../mail/announcementTemplates"
import { deliverEmail } from "../mail/deliverEmail"
import { storeIdentity } from "../mail/storeIdentity"
import type { AccountData } from "../ports/AccountData"
import { Announcements } from "../ports/Announcements"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"

/**
 * Gives an announcement to its audience in-app. Transactional: the notifications, the recipient count and one
 * `AnnouncementNotified` per new notification commit with the mark that it ran; and the unique (announcement,
 * customer) pair makes even a second run add nobody twice.
 */
export const fanOutAnnouncementHandler: EventHandler<Announcements | Clock | EventOutbox> = {
  name: "notifications.fanOutAnnouncement",
  on: ["AnnouncementPublished"],
  mode: "transactional",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "AnnouncementPublished") return
      const announcements = yield* Announcements
      const announcement = yield* announcements.find(event.payload.announcementId)
      if (!announcement) return yield* Effect.logWarning("announcement event for an unknown announcement")
      const { created } = yield* announcements.fanOut(announcement, yield* (yield* Clock).now())
      yield* (yield* EventOutbox).record(
        created.map((n) =>
          domainEvent("AnnouncementNotified", n.id, {
            announcementId: announcement.id,
            notificationId: n.id,
            userId: n.userId,
          }),
        ),
      )
    }),
}

/**
 * The announcement's e-mail to one customer. Its own event per customer: a failed address is retried alone,
 * and the mail log's (event, template) key sends each one once.
 */
export const announcementEmailHandler: EventHandler<
  | AccountData
  | Announcements
  | Clock
  | Mailer
  | SentEmails
  | NotificationCenter
  | UnsubscribeTokens
  | StoreSettings
  | StoreSite
> = {
  name: "mail.announcements",
  on: ["AnnouncementNotified"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "AnnouncementNotified") return
      const notification = yield* (yield* Announcements).notification(event.payload.notificationId)
      if (!notification) return yield* Effect.logInfo("announcement e-mail for a notification that is gone")
      const contact = yield* contactOfEvent(notification.userId)
      if (!contact) return yield* Effect.logInfo("announcement e-mail for an account that no longer exists")
      yield* deliverEmail({
        eventId: event.id,
        template: "announcement",
        to: contact.email,
        content: announcementEmail({
          name: contact.name,
          title: notification.title,
          message: notification.message,
          actionUrl: notification.actionUrl,
          store: yield* storeIdentity,
        }),
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
