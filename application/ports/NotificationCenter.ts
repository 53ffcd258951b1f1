import { Context, type Effect } from "effect"
import type { NotificationType } from "../../domain/notifications/announcement"
import type {
  NotificationChannel,
  NotificationDraft,
  NotificationPreferences,
} from "../../domain/notifications/center"

/** One notification as its customer sees it in the header's list. */
export interface NotificationItem {
  readonly id: string
  readonly type: NotificationType
  readonly title: string
  readonly message: string
  readonly actionUrl: string | null
  readonly createdAt: number
  readonly readAt: number | null
}

export interface NotificationPage {
  readonly items: readonly NotificationItem[]
  /** Pass back to read the older ones; null at the end. */
  readonly nextCursor: string | null
}

/** How many are unread and when the newest arrived: the header compares it to decide whether to refetch. */
export interface UnreadSummary {
  readonly count: number
  readonly latestAt: number | null
}

/**
 * Each customer's notifications (spec 001's entity) and their choices of what to receive. Every read and
 * write names the customer, so one customer's call can never reach another's rows. Writes join the ambient
 * unit of work.
 */
export class NotificationCenter extends Context.Service<
  NotificationCenter,
  {
    /** Stores a checked draft; answers null when its key was stored for this customer already. */
    store(draft: NotificationDraft, at: number): Effect.Effect<{ readonly id: string } | null>
    page(
      userId: string,
      slice: { readonly cursor: string | null; readonly limit: number },
    ): Effect.Effect<NotificationPage>
    unread(userId: string): Effect.Effect<UnreadSummary>
    /** Marks one of this customer's; false when it is not theirs (or does not exist). */
    markRead(userId: string, id: string, at: number): Effect.Effect<boolean>
    markAllRead(userId: string, at: number): Effect.Effect<number>
    preferences(userId: string): Effect.Effect<NotificationPreferences>
    setPreference(
      userId: string,
      type: NotificationType,
      channel: NotificationChannel,
      enabled: boolean,
      at: number,
    ): Effect.Effect<void>
  }
>()("store/application/NotificationCenter") {}
