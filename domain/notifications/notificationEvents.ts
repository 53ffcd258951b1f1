import type { EventOf } from "../events"

export type NotificationEvent =
  /** An administrator published an announcement; its handler fans it out to the audience. */
  | EventOf<"AnnouncementPublished", { readonly announcementId: string }>
  /** One customer received an announcement in-app; its e-mail follows (one event per customer, so one retry each). */
  | EventOf<
      "AnnouncementNotified",
      { readonly announcementId: string; readonly notificationId: string; readonly userId: string }
    >
  /** The announcement's e-mail is due to one customer (their e-mail choice for `system` was on when reached). */
  | EventOf<"AnnouncementEmailDue", { readonly announcementId: string; readonly userId: string }>
  /** A character was revealed and its news claimed (once per character); its holders' achievements follow. */
  | EventOf<
      "CharacterRevealed",
      { readonly productId: string; readonly collectionId: string; readonly revealAt: number }
    >
  /** A character's reveal reached one customer (a subscriber of its collection or a fan); its e-mail follows. */
  | EventOf<"CharacterRevealEmailDue", { readonly productId: string; readonly userId: string }>
  /** An unpaid order's PIX code is about to expire; its e-mail follows. */
  | EventOf<
      "PixExpiringSoon",
      { readonly orderId: string; readonly userId: string; readonly expiresAt: number }
    >
  /** A collector was told of a step of a trade (in their list when their choice allows); its e-mail follows. */
  | EventOf<
      "TradeStepTold",
      {
        readonly tradeId: string
        readonly userId: string
        readonly step: string
        readonly title: string
        readonly message: string
      }
    >
