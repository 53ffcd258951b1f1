import { Hono } from "hono"
import { unsubscribeByToken } from "../../application/notifications"
import { NOTIFICATION_TYPE_LABELS } from "../../domain/notifications/center"
import { UNSUBSCRIBE_PAGE_PATH, UNSUBSCRIBE_TEXTS } from "../../domain/notifications/unsubscribe"
import type { AppRuntime } from "../runtime"

/** Longer than any token this server signs: refused before any work. */
const MAX_TOKEN = 400

/**
 * The link of every e-mail a customer may choose not to receive:
 * - POST is RFC 8058's one-click (mail providers send it from their servers: no cookie, no origin), and the
 *   page's confirmation button. The signed token can only turn one type's e-mail off for its own customer, so
 *   it needs no session nor CSRF check; repeating it changes nothing.
 * - GET only shows the page that asks for the click: mail scanners open links by themselves, and a scanner
 *   must not unsubscribe anyone.
 * The token is a credential: it is never logged (the request log keeps the path only).
 */
export function unsubscribeRoutes(runtime: AppRuntime) {
  return new Hono()
    .get("/", (c) => {
      const token = (c.req.query("token") ?? "").slice(0, MAX_TOKEN)
      return c.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303)
    })
    .post("/", async (c) => {
      const token = c.req.query("token") ?? ""
      const outcome =
        token.length > 0 && token.length <= MAX_TOKEN
          ? await runtime.runPromise(unsubscribeByToken(token))
          : ({ ok: false, reason: "invalid-token" } as const)
      if (!outcome.ok) return c.json({ error: { message: UNSUBSCRIBE_TEXTS.invalid } }, 400)
      return c.json(
        {
          unsubscribed: true,
          type: outcome.type,
          label: NOTIFICATION_TYPE_LABELS[outcome.type],
          message: UNSUBSCRIBE_TEXTS.done(outcome.type),
        },
        200,
      )
    })
}
