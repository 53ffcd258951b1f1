import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { SHIPPING_TABLE_MAX_BYTES, SHIPPING_TABLE_MESSAGES } from "../../domain/storeSettings"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

export const ADMIN_SHIPPING_TABLE_PATH = "/api/admin/shipping-table"

const createCaller = createCallerFactory(appRouter)

/**
 * The settings screen's shipping-table import as multipart form data (field `csv`): a full table is far larger
 * than the API's 64 KB body limit, so only this route accepts up to SHIPPING_TABLE_MAX_BYTES. The
 * `admin.settings.importShippingTable` procedure decides everything else (session, manage_settings, parsing,
 * the all-or-nothing replacement, the audit log); this route reads the file and answers with its result.
 */
export function adminShippingTableRoutes(deps: {
  context: (c: Context) => Promise<TrpcContext>
  sameOrigin: (request: Request) => boolean
}) {
  const tooLarge = (c: Context) => c.json({ error: { message: SHIPPING_TABLE_MESSAGES.tooLarge } }, 413)
  return new Hono().post(
    "/",
    async (c, next) =>
      // Cookie-authenticated: a form on another site must not be able to post here (CSRF).
      deps.sameOrigin(c.req.raw) ? next() : c.json({ error: { message: "Origem não permitida" } }, 403),
    bodyLimit({
      // The file plus the multipart envelope; the file's own size is checked below.
      maxSize: SHIPPING_TABLE_MAX_BYTES + 64 * 1024,
      onError: tooLarge,
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.csv
      if (!(file instanceof File) || file.size === 0)
        return c.json({ error: { message: SHIPPING_TABLE_MESSAGES.noFile } }, 400)
      if (file.size > SHIPPING_TABLE_MAX_BYTES) return tooLarge(c)
      try {
        const caller = createCaller(await deps.context(c))
        const result = await caller.admin.settings.importShippingTable({
          bytes: new Uint8Array(await file.arrayBuffer()),
        })
        return c.json(result)
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error
        return c.json({ error: { message: error.message } }, getHTTPStatusCodeFromError(error) as 400)
      }
    },
  )
}
