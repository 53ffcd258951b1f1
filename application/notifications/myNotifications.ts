import { Effect } from "effect"
import type { NotificationType } from "../../domain/notifications/announcement"
import type { NotificationChannel } from "../../domain/notifications/center"
import { NotificationNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { NotificationCenter } from "../ports/NotificationCenter"
import { requireCustomer } from "../viewer"

/** The header's list holds this many; older ones come page by page. */
export const NOTIFICATION_PAGE_SIZE = 10

/** The signed-in customer's own notifications, newest first. */
export const listMyNotifications = Effect.fn("Notifications.list")(function* (cursor: string | null) {
  const actor = yield* requireCustomer
  const center = yield* NotificationCenter
  const [page, unread] = yield* Effect.all([
    center.page(actor.id, { cursor, limit: NOTIFICATION_PAGE_SIZE }),
    center.unread(actor.id),
  ])
  return { ...page, unread }
})

/** What the header polls: cheap (an index of unread rows), and enough to know whether the list changed. */
export const myUnreadNotifications = Effect.gen(function* () {
  const actor = yield* requireCustomer
  return yield* (yield* NotificationCenter).unread(actor.id)
})

/** Another customer's id answers as an unknown one: the caller learns nothing about it. */
export const markNotificationRead = Effect.fn("Notifications.markRead")(function* (id: string) {
  const actor = yield* requireCustomer
  const center = yield* NotificationCenter
  if (!(yield* center.markRead(actor.id, id, yield* (yield* Clock).now())))
    return yield* new NotificationNotFound()
  return yield* center.unread(actor.id)
})

export const markAllNotificationsRead = Effect.gen(function* () {
  const actor = yield* requireCustomer
  const center = yield* NotificationCenter
  yield* center.markAllRead(actor.id, yield* (yield* Clock).now())
  return yield* center.unread(actor.id)
})

export const myNotificationPreferences = Effect.gen(function* () {
  const actor = yield* requireCustomer
  return yield* (yield* NotificationCenter).preferences(actor.id)
})

/** One switch of the preferences grid; answers the whole grid as stored. */
export const setMyNotificationPreference = Effect.fn("Notifications.setPreference")(function* (
  type: NotificationType,
  channel: NotificationChannel,
  enabled: boolean,
) {
  const actor = yield* requireCustomer
  const center = yield* NotificationCenter
  yield* center.setPreference(actor.id, type, channel, enabled, yield* (yield* Clock).now())
  return yield* center.preferences(actor.id)
})
