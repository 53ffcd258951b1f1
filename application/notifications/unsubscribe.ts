import { Effect } from "effect"
import type { NotificationType } from "../../domain/notifications/announcement"
import { AccountData } from "../ports/AccountData"
import { Clock } from "../ports/Clock"
import { NotificationCenter } from "../ports/NotificationCenter"
import { UnsubscribeTokens } from "../ports/UnsubscribeTokens"

export type UnsubscribeOutcome =
  | { readonly ok: true; readonly type: NotificationType }
  | { readonly ok: false; readonly reason: "invalid-token" }

/**
 * The one-click unsubscribe of an e-mail's link (RFC 8058): the signed token names the customer and the type,
 * and the only thing it can do is turn that type's e-mail off, so it needs no session and no CSRF token (a
 * forged request can only make a customer receive less). Idempotent: the second click changes nothing.
 */
export const unsubscribeByToken = Effect.fn("Notifications.unsubscribe")(function* (token: string) {
  const signed = (yield* UnsubscribeTokens).verify(token)
  if (!signed)
    return { ok: false, reason: "invalid-token" } satisfies UnsubscribeOutcome as UnsubscribeOutcome
  // A deleted account has no preferences to store, and nothing more is sent to it: done all the same.
  if (yield* (yield* AccountData).contactOf(signed.userId))
    yield* (yield* NotificationCenter).setPreference(
      signed.userId,
      signed.type,
      "email",
      false,
      yield* (yield* Clock).now(),
    )
  return { ok: true, type: signed.type } as UnsubscribeOutcome
})
