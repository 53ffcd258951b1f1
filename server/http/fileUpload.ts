import { TRPCError } from "@trpc/server"
import { getHTTPStatusCodeFromError } from "@trpc/server/http"
import { type Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

const createCaller = createCallerFactory(appRouter)
export type UploadCaller = ReturnType<typeof createCaller>

/** The multipart envelope around the file (boundaries, headers, small fields). */
const ENVELOPE_BYTES = 64 * 1024

/** One upload route: which field holds the file, how large it may be, and the procedure that takes it. */
export interface FileUpload<R> {
  readonly field: string
  readonly maxBytes: number
  readonly messages: { readonly tooLarge: string; readonly missing: string }
  /** Other form fields the procedure needs, as text; missing ones answer `messages.missing`. */
  readonly fields?: readonly string[]
  readonly created?: boolean
  readonly call: (
    caller: UploadCaller,
    bytes: Uint8Array<ArrayBuffer>,
    fields: Readonly<Record<string, string>>,
  ) => Promise<R>
}

export interface UploadDeps {
  readonly context: (c: Context) => Promise<TrpcContext>
  readonly sameOrigin: (request: Request) => boolean
}

/**
 * A file sent as multipart form data, not base64 in JSON: only such a route accepts a body larger than the API's
 * limit. It refuses other origins (the session is a cookie: CSRF), reads the file, and lets the procedure decide
 * everything else (session, permission, ownership, content), answering its errors with their HTTP status.
 */
export function fileUploadRoutes<R>(upload: FileUpload<R>, deps: UploadDeps) {
  const tooLarge = (c: Context) => c.json({ error: { message: upload.messages.tooLarge } }, 413)
  return new Hono().post(
    "/",
    async (c, next) =>
      deps.sameOrigin(c.req.raw) ? next() : c.json({ error: { message: "Origem não permitida" } }, 403),
    bodyLimit({ maxSize: upload.maxBytes + ENVELOPE_BYTES, onError: tooLarge }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => null)
      const file = form?.[upload.field]
      const fields: Record<string, string> = {}
      for (const name of upload.fields ?? []) {
        const value = form?.[name]
        if (typeof value === "string") fields[name] = value
      }
      if (
        !(file instanceof File) ||
        file.size === 0 ||
        Object.keys(fields).length !== (upload.fields ?? []).length
      )
        return c.json({ error: { message: upload.messages.missing } }, 400)
      if (file.size > upload.maxBytes) return tooLarge(c)
      try {
        const caller = createCaller(await deps.context(c))
        const result = await upload.call(caller, new Uint8Array(await file.arrayBuffer()), fields)
        return c.json(result, upload.created ? 201 : 200)
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error
        return c.json({ error: { message: error.message } }, getHTTPStatusCodeFromError(error) as 400)
      }
    },
  )
}
