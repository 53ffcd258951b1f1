import { Effect } from "effect"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events"
import { contactOfEvent } from "../events"
import { announcementEmail, deliverEmail, storeIdentity } from "../mail"
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
 * Gives an announcement to its audience: in-app to those whose `system` in-app choice is on, and one
 * `AnnouncementEmailDue` to each whose e-mail choice is on. Transactional: the recipients, the notifications,
 * the count and the events commit with the mark that it ran; and the unique (announcement, customer) pair of
 * its recipients makes even a second run reach nobody twice, in either channel.
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
      const { reached } = yield* announcements.fanOut(announcement, yield* (yield* Clock).now())
      yield* (yield* EventOutbox).record(
        reached
          .filter((r) => r.email)
          .map((r) =>
            domainEvent("AnnouncementEmailDue", announcement.id, {
              announcementId: announcement.id,
              userId: r.userId,
            }),
          ),
      )
    }),
}

/** What the e-mail says: the announcement itself (the customer may have no notification of it). */
const announcementOf = Effect.fnUntraced(function* (event: RecordedEvent) {
  const announcements = yield* Announcements
  if (event.type === "AnnouncementEmailDue") {
    const found = yield* announcements.find(event.payload.announcementId)
    return found ? { ...found, userId: event.payload.userId } : null
  }
  // Events recorded before the preferences, one per notification: read as they were written.
  if (event.type === "AnnouncementNotified")
    return yield* announcements.notification(event.payload.notificationId)
  return null
})

/**
 * The announcement's e-mail to one customer. Its own event per customer: a failed address is retried alone,
 * and the mail log's (event, template) key sends each one once. Topic `system`: the customer's e-mail choice is
 * read again when sending, and the message carries its one-click unsubscribe.
 */
export const announcementEmailHandler: EventHandler<
  | AccountData
  | Announcements
  | Clock
  | Mailer
  | NotificationCenter
  | SentEmails
  | StoreSettings
  | StoreSite
  | UnsubscribeTokens
> = {
  name: "mail.announcements",
  on: ["AnnouncementNotified", "AnnouncementEmailDue"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      const announcement = yield* announcementOf(event)
      if (!announcement) return yield* Effect.logInfo("announcement e-mail for an announcement that is gone")
      const contact = yield* contactOfEvent(announcement.userId)
      if (!contact) return yield* Effect.logInfo("announcement e-mail for an account that no longer exists")
      yield* deliverEmail({
        eventId: event.id,
        template: "announcement",
        to: contact.email,
        content: announcementEmail({
          name: contact.name,
          title: announcement.title,
          message: announcement.message,
          actionUrl: announcement.actionUrl,
          store: yield* storeIdentity,
        }),
        topic: { userId: announcement.userId, type: "system" },
      })
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
