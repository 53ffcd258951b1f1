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
     * Gives every customer of the audience (verified e-mail; a collection's: active entitlement at `now`) one
     * `system` notification, skipping those who have it already, and stores the announcement's recipient count.
     * Answers only the notifications created by this call.
     */
    fanOut(
      announcement: Announcement,
      now: number,
    ): Effect.Effect<{ readonly created: readonly StoredNotification[]; readonly recipients: number }>
    notification(id: string): Effect.Effect<StoredNotification | null>
    /** Whether the collection exists (an announcement to its subscribers names it). */
    collectionName(collectionId: string): Effect.Effect<string | null>
  }
>()("store/application/Announcements") {}
