import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { MAX_UPLOAD_BYTES } from "../../adapters/media/compressImage"
import { CATALOG_ADMIN_MESSAGES } from "../../domain/catalogAdmin/messages"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

export const ADMIN_IMAGE_UPLOAD_PATH = "/api/admin/images"

const createCaller = createCallerFactory(appRouter)

/**
 * Catalogue image upload as multipart form data (field `image`): the file travels as bytes, not base64 in JSON,
 * and only this route accepts a body that large (10 MB). The `admin.collections.uploadImage` procedure decides
 * everything else (session, permission, content check, compression); this route reads the file and answers.
 */
export function adminImageUploadRoutes(deps: {
  context: (c: Context) => Promise<TrpcContext>
  sameOrigin: (request: Request) => boolean
}) {
  return new Hono().post(
    "/",
    async (c, next) =>
      // Cookie-authenticated: a form on another site must not be able to post here (CSRF).
      deps.sameOrigin(c.req.raw) ? next() : c.json({ error: { message: "Origem não permitida" } }, 403),
    bodyLimit({
      // The file plus the multipart envelope.
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: (c) => c.json({ error: { message: CATALOG_ADMIN_MESSAGES.imageTooLarge } }, 413),
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.image
      if (!(file instanceof File))
        return c.json({ error: { message: CATALOG_ADMIN_MESSAGES.notAnImage } }, 400)
      try {
        const caller = createCaller(await deps.context(c))
        const stored = await caller.admin.collections.uploadImage({
          bytes: new Uint8Array(await file.arrayBuffer()),
        })
        return c.json(stored, 201)
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error
        return c.json({ error: { message: error.message } }, getHTTPStatusCodeFromError(error) as 400)
      }
    },
  )
}
