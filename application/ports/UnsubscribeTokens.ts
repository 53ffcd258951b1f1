import { Context } from "effect"
import type { NotificationType } from "../../domain/notifications/announcement"

/**
 * The one-click unsubscribe link's token: names a customer and a type, signed with the server's secret so it
 * cannot be forged or changed to another customer or type. It never expires (an old e-mail's link must still
 * work) and only ever turns e-mail off, so it needs no session. A bearer credential: never log it.
 */
export class UnsubscribeTokens extends Context.Service<
  UnsubscribeTokens,
  {
    sign(userId: string, type: NotificationType): string
    /** Null for a token this server did not sign (tampered, truncated, another secret). */
    verify(token: string): { readonly userId: string; readonly type: NotificationType } | null
  }
>()("store/application/UnsubscribeTokens") {}
