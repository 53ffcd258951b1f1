import { Context, type Effect } from "effect"
import type { Audience } from "../../domain/notifications/announcement"

export interface Announcement {
  readonly id: string
  readonly title: string
  readonly message: string
  readonly actionUrl: string | null
  readonly audience: Audience
  readonly createdBy: string
  readonly createdAt: number
  /** Null until the fan-out ran. */
  readonly recipientCount: number | null
}

export interface AnnouncementRow extends Announcement {
  /** The collection's name when the audience is its subscribers. */
  readonly collectionName: string | null
}

/** One in-app notification (spec 001's entity) as the e-mail that follows it needs it. */
export interface StoredNotification {
  readonly id: string
  readonly userId: string
  readonly title: string
  readonly message: string
  readonly actionUrl: string | null
}

/** One customer an announcement reached: its notification (null with the in-app list off), and whether to e-mail. */
export interface AnnouncementReach {
  readonly userId: string
  readonly notificationId: string | null
  readonly email: boolean
}

/** Announcements and the notifications they become. Writes join the ambient unit of work. */
export class Announcements extends Context.Service<
  Announcements,
  {
    create(announcement: Announcement): Effect.Effect<void>
    find(id: string): Effect.Effect<Announcement | null>
    list(slice: {
      readonly offset: number
      readonly limit: number
    }): Effect.Effect<{ readonly rows: readonly AnnouncementRow[]; readonly total: number }>
    /**
     * Reaches every customer of the audience (verified e-mail; a collection's: active entitlement at `now`)
     * once, skipping those reached already: a `system` notification for those whose in-app choice for `system`
     * is on, and says whose e-mail choice is on. Stores the announcement's recipient count (everyone reached,
     * whatever they chose). Answers only the customers reached by this call.
     */
    fanOut(
      announcement: Announcement,
      now: number,
    ): Effect.Effect<{ readonly reached: readonly AnnouncementReach[]; readonly recipients: number }>
    notification(id: string): Effect.Effect<StoredNotification | null>
    /** Whether the collection exists (an announcement to its subscribers names it). */
    collectionName(collectionId: string): Effect.Effect<string | null>
  }
>()("store/application/Announcements") {}
