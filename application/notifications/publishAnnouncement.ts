import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { type AnnouncementDraft, validateAnnouncement } from "../../domain/notifications/announcement"
import { recordAdminChange, requireStaff } from "../admin"
import { InvalidInput } from "../errors"
import { Announcements } from "../ports/Announcements"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import { StoreSite } from "../ports/StoreSite"
import { UnitOfWork } from "../ports/UnitOfWork"

export const ANNOUNCEMENTS_PAGE_SIZE = 10

/**
 * An administrator's announcement: validated by the screen's rules, stored with its audit entry and the event
 * whose handler gives it to every customer of the audience (in-app, then by e-mail), in one transaction. The
 * fan-out runs on the event, so a large audience never holds the request.
 */
export const publishAnnouncement = Effect.fn("Notifications.publishAnnouncement")(function* (
  draft: AnnouncementDraft,
) {
  const actor = yield* requireStaff("manage_settings")
  const checked = validateAnnouncement(draft, (yield* StoreSite).publicUrl)
  if (!checked.ok) return yield* new InvalidInput({ message: checked.message })
  const announcements = yield* Announcements
  const { audience } = checked.announcement
  const collectionName =
    audience.kind === "collection" ? yield* announcements.collectionName(audience.collectionId) : null
  if (audience.kind === "collection" && !collectionName)
    return yield* new InvalidInput({ message: "Coleção não encontrada" })
  const announcement = {
    id: yield* (yield* Ids).uuid(),
    ...checked.announcement,
    createdBy: actor.id,
    createdAt: yield* (yield* Clock).now(),
    recipientCount: null,
  }
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      yield* announcements.create(announcement)
      yield* (yield* EventOutbox).record([
        domainEvent("AnnouncementPublished", announcement.id, { announcementId: announcement.id }),
      ])
      yield* recordAdminChange({
        actor,
        subjectType: "announcement",
        subjectId: announcement.id,
        subjectLabel: announcement.title,
        action: "publish",
        before: null,
        after: {
          title: announcement.title,
          message: announcement.message,
          actionUrl: announcement.actionUrl,
          audience: collectionName ? `Assinantes de ${collectionName}` : "Todos os clientes",
        },
      })
    }),
  )
  return { id: announcement.id }
})

/** Announcements, newest first, with how many customers each reached (null while it is being sent). */
export const listAnnouncements = Effect.fn("Notifications.listAnnouncements")(function* (page = 1) {
  yield* requireStaff("manage_settings")
  const found = yield* (yield* Announcements).list({
    offset: (page - 1) * ANNOUNCEMENTS_PAGE_SIZE,
    limit: ANNOUNCEMENTS_PAGE_SIZE,
  })
  return { ...found, page, pageCount: Math.max(1, Math.ceil(found.total / ANNOUNCEMENTS_PAGE_SIZE)) }
})
