import type { EventOf } from "../events"

export type NotificationEvent =
  /** An administrator published an announcement; its handler fans it out to the audience. */
  | EventOf<"AnnouncementPublished", { readonly announcementId: string }>
  /** One customer received an announcement in-app; its e-mail follows (one event per customer, so one retry each). */
  | EventOf<
      "AnnouncementNotified",
      { readonly announcementId: string; readonly notificationId: string; readonly userId: string }
    >
