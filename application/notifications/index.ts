/** The notifications module's front door: what other modules and the server use of it. */
export { announcementEmailHandler, fanOutAnnouncementHandler } from "./announcementHandlers"
export { browseEmailLog } from "./browseEmailLog"
export { inAppNotificationsHandler } from "./eventNotifications"
export {
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  myNotificationPreferences,
  myUnreadNotifications,
  setMyNotificationPreference,
} from "./myNotifications"
export { notify } from "./notify"
export { notifyCharacterReveals } from "./notifyCharacterReveals"
export { notifyExpiringPix } from "./notifyExpiringPix"
export { listAnnouncements, publishAnnouncement } from "./publishAnnouncement"
export {
  characterRevealEmailHandler,
  pixExpiringEmailHandler,
  tradeStepEmailHandler,
} from "./scheduledNoticeEmails"
export { unsubscribeByToken } from "./unsubscribe"
