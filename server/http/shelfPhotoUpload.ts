import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { MAX_UPLOAD_BYTES } from "../../adapters/media/compressImage"
import { CATALOG_ADMIN_MESSAGES } from "../../domain/catalogAdmin/messages"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

export const SHELF_PHOTO_UPLOAD_PATH = "/api/shelf/photos"

const createCaller = createCallerFactory(appRouter)

/**
 * A photo for one of the signed-in collector's own shelf items, as multipart form data (fields `image` and
 * `itemId`), modelled on the catalogue's upload route: the `shelf.uploadPhoto` procedure checks the session and
 * that the item is theirs, then re-encodes the image; this route only reads the file and answers.
 */
export function shelfPhotoUploadRoutes(deps: {
  context: (c: Context) => Promise<TrpcContext>
  sameOrigin: (request: Request) => boolean
}) {
  return new Hono().post(
    "/",
    async (c, next) =>
      // Cookie-authenticated: a form on another site must not be able to post here (CSRF).
      deps.sameOrigin(c.req.raw) ? next() : c.json({ error: { message: "Origem não permitida" } }, 403),
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: (c) => c.json({ error: { message: CATALOG_ADMIN_MESSAGES.imageTooLarge } }, 413),
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.image
      const itemId = form?.itemId
      if (!(file instanceof File) || typeof itemId !== "string")
        return c.json({ error: { message: CATALOG_ADMIN_MESSAGES.notAnImage } }, 400)
      try {
        const caller = createCaller(await deps.context(c))
        const stored = await caller.shelf.uploadPhoto({
          itemId,
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
