import type { MiddlewareHandler } from "hono"
import {
  hasControlCharacter,
  INVALID_TEXT_MESSAGE,
  inputHasControlCharacter,
} from "../../domain/controlCharacters"
import type { Logger } from "../logger"

/** Whether the decoded path or a query parameter (name or value) carries a control character. */
export function urlHasControlCharacter(url: URL): boolean {
  if (hasControlCharacter(decodeURIComponent(url.pathname))) return true
  return [...url.searchParams].some(
    ([name, value]) => hasControlCharacter(name) || hasControlCharacter(value),
  )
}

/** The texts of a form body, or of a JSON one (what JSON escapes as \u0000 is NUL once parsed), or the raw text. */
function bodyHasControlCharacter(contentType: string, text: string): boolean {
  if (contentType.includes("application/x-www-form-urlencoded"))
    return inputHasControlCharacter([...new URLSearchParams(text)])
  if (hasControlCharacter(text)) return true
  try {
    return inputHasControlCharacter(JSON.parse(text))
  } catch {
    return false // not JSON: the route refuses it in its own words
  }
}

/**
 * Bodies of the routes outside tRPC (accounts, the sandbox's pages, vitals, webhooks) with a control character
 * in a text are refused before any of them reads it: PostgreSQL refuses NUL in a text, and better-auth would
 * answer that with a bare 500 and a stack in the log. tRPC checks its inputs itself (server/trpc/procedures.ts);
 * file uploads (multipart) carry binary data.
 */
export function refuseControlCharactersInBody(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const contentType = c.req.header("content-type") ?? ""
    if (
      c.req.method === "GET" ||
      c.req.method === "HEAD" ||
      c.req.path.startsWith("/api/trpc/") ||
      contentType.includes("multipart/form-data")
    )
      return next()
    // A copy: the route (and better-auth) read the request's own body afterwards.
    const text = await c.req.raw.clone().text()
    if (!bodyHasControlCharacter(contentType, text)) return next()
    logger.warn({ method: c.req.method, path: c.req.path }, "body refused: control character")
    return c.json({ code: "INVALID_TEXT", message: INVALID_TEXT_MESSAGE }, 400)
  }
}
