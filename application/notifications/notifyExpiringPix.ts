import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { NOTICES, orderPath } from "../../domain/notifications/messages"
import { PAYMENT_WINDOWS } from "../../domain/orders/deadlines"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { ExpiringPix, type ExpiringPixOrder } from "../ports/ExpiringPix"
import { NotificationClaims } from "../ports/NotificationClaims"
import { UnitOfWork } from "../ports/UnitOfWork"
import { notify } from "./notify"

const MINUTE = 60_000

/**
 * A PIX code lives PAYMENT_WINDOWS.pixMinutes (30). The reminder goes when 10 minutes are left: a third of its
 * life, so a customer who just saw the code is not nagged, and still enough time to open the bank's app and
 * pay. The job runs every minute, so nobody is told with less than ~9 minutes to go.
 */
export const PIX_REMINDER_MINUTES = Math.min(10, Math.floor(PAYMENT_WINDOWS.pixMinutes / 3))

export const pixExpiringKey = (orderId: string) => `pix-expiring:${orderId}`

/** One order's reminder, once: the claim, the in-app notification and the e-mail's event commit together. */
const remind = Effect.fnUntraced(function* (order: ExpiringPixOrder, now: number) {
  const key = pixExpiringKey(order.orderId)
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      if (!(yield* (yield* NotificationClaims).claim(key, now))) return false
      const text = NOTICES.pixExpiring(order.number, order.expiresAt)
      yield* notify({
        userId: order.userId,
        type: "billing",
        title: text.title,
        message: text.message,
        actionUrl: orderPath(order.orderId),
        metadata: { orderId: order.orderId },
        key,
      })
      yield* (yield* EventOutbox).record([
        domainEvent("PixExpiringSoon", order.orderId, {
          orderId: order.orderId,
          userId: order.userId,
          expiresAt: order.expiresAt,
        }),
      ])
      return true
    }),
  )
})

/** Unpaid PIX orders about to expire: their customer is told once, in-app and by e-mail (type billing). */
export const notifyExpiringPix = Effect.fn("Notifications.notifyExpiringPix")(function* () {
  const now = yield* (yield* Clock).now()
  const due = yield* (yield* ExpiringPix).due(now, now + PIX_REMINDER_MINUTES * MINUTE)
  let reminded = 0
  for (const order of due) if (yield* remind(order, now)) reminded++
  return { due: due.length, reminded }
})
