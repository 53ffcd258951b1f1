import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { MAX_AVATAR_UPLOAD_BYTES } from "../../adapters/media/PostgresAvatarUploads"
import { CATALOG_ADMIN_MESSAGES } from "../../domain/catalogAdmin/messages"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

export const AVATAR_UPLOAD_PATH = "/api/me/avatar"

const createCaller = createCallerFactory(appRouter)

/**
 * The signed-in collector's own picture as multipart form data (field `image`), up to 10 MB. The procedure
 * decides the rest (session, content check, square crop); there is no way to name another collector here.
 */
export function avatarUploadRoutes(deps: {
  context: (c: Context) => Promise<TrpcContext>
  sameOrigin: (request: Request) => boolean
}) {
  return new Hono().post(
    "/",
    async (c, next) =>
      // Cookie-authenticated: a form on another site must not be able to post here (CSRF).
      deps.sameOrigin(c.req.raw) ? next() : c.json({ error: { message: "Origem não permitida" } }, 403),
    bodyLimit({
      maxSize: MAX_AVATAR_UPLOAD_BYTES + 64 * 1024,
      onError: (c) => c.json({ error: { message: CATALOG_ADMIN_MESSAGES.imageTooLarge } }, 413),
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.image
      if (!(file instanceof File))
        return c.json({ error: { message: CATALOG_ADMIN_MESSAGES.notAnImage } }, 400)
      try {
        const caller = createCaller(await deps.context(c))
        const stored = await caller.communityProfiles.uploadAvatar({
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
