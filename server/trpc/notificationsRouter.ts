import { z } from "zod"
import {
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  myNotificationPreferences,
  myUnreadNotifications,
  setMyNotificationPreference,
} from "../../application/notifications"
import { NOTIFICATION_TYPES } from "../../domain/notifications/announcement"
import { NOTIFICATION_CHANNELS } from "../../domain/notifications/center"
import { router } from "./init"
import { signedInProcedure } from "./procedures"

/** The signed-in customer's notifications (the header's dropdown) and what they choose to receive. */
export const notificationsRouter = router({
  list: signedInProcedure
    .input(z.object({ cursor: z.string().max(200).nullable() }))
    .query(({ ctx, input }) => ctx.run(listMyNotifications(input.cursor))),
  unread: signedInProcedure.query(({ ctx }) => ctx.run(myUnreadNotifications)),
  markRead: signedInProcedure
    .input(z.object({ id: z.string().max(64) }))
    .mutation(({ ctx, input }) => ctx.run(markNotificationRead(input.id))),
  markAllRead: signedInProcedure.mutation(({ ctx }) => ctx.run(markAllNotificationsRead)),
  preferences: signedInProcedure.query(({ ctx }) => ctx.run(myNotificationPreferences)),
  setPreference: signedInProcedure
    .input(
      z.object({
        type: z.enum(NOTIFICATION_TYPES),
        channel: z.enum(NOTIFICATION_CHANNELS),
        enabled: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.run(setMyNotificationPreference(input.type, input.channel, input.enabled)),
    ),
})
