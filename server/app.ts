import type { ServerManifest } from "@tanstack/router-core"
import { unstable_localLink } from "@trpc/client"
import { fetchRequestHandler } from "@trpc/server/adapters/fetch"
import { Effect } from "effect"
import { Hono } from "hono"
import { sql } from "kysely"
import superjson from "superjson"
import { Db } from "../adapters/db/DatabaseService"
import type { RenderOptions } from "../web/entry-server"
import type { Config } from "./config"
import { newErrorId } from "./errors"
import { streamingCompression } from "./http/compression"
import { mediaRoutes } from "./http/media"
import type { Logger } from "./logger"
import type { AppRuntime } from "./runtime"
import { appRouter } from "./trpc/appRouter"
import type { TrpcContext } from "./trpc/init"

export interface AppDeps {
  readonly config: Config
  readonly runtime: AppRuntime
  readonly logger: Logger
  readonly render: (request: Request, options: RenderOptions) => Promise<Response>
  readonly manifest: () => ServerManifest | Promise<ServerManifest>
  /** CSS put inline in every page (production); development lets Vite inject it. */
  readonly inlineCss?: string
  /** Serves built client files (production) — development lets Vite do it. */
  readonly staticFiles?: import("hono").MiddlewareHandler
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
}

export async function createApp(deps: AppDeps) {
  const { config, runtime, logger } = deps
  const { db } = await runtime.runPromise(Db.use((service) => Effect.succeed(service)))
  const trpcContext = (): TrpcContext => ({ runtime, logger })

  const app = new Hono()

  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v)
    if (config.NODE_ENV === "production")
      c.res.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains")
    logger.debug({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    })
  })

  app.get("/healthz", (c) => c.json({ status: "ok" }))
  app.get("/readyz", async (c) => {
    try {
      await sql`select 1`.execute(db)
      return c.json({ status: "ready", database: "ok" })
    } catch (error) {
      logger.error({ err: error }, "readiness check failed")
      return c.json({ status: "unavailable", database: "unreachable" }, 503)
    }
  })

  app.route("/media", mediaRoutes(db))
  if (deps.staticFiles) app.use(deps.staticFiles)

  app.use("/api/*", streamingCompression())
  app.all("/api/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: trpcContext,
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR")
          logger.error({ path, err: error.cause ?? error }, "trpc error")
      },
    }),
  )
  app.all("/api/*", (c) => c.json({ error: "Rota não encontrada" }, 404))

  const link = unstable_localLink({
    router: appRouter,
    createContext: async () => trpcContext(),
    transformer: superjson,
  })

  app.use("*", streamingCompression())
  app.get("*", async (c) => {
    try {
      const response = await deps.render(c.req.raw, {
        link,
        publicUrl: config.publicUrl,
        manifest: await deps.manifest(),
        ...(deps.inlineCss ? { inlineCss: deps.inlineCss } : {}),
      })
      // Pages carry per-request data and are cheap to render: never let a shared cache keep them.
      response.headers.set("cache-control", "no-cache")
      return response
    } catch (error) {
      const errorId = newErrorId()
      logger.error({ errorId, err: error, path: c.req.path }, "render failed")
      return c.html(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Oops! Algo deu errado</title><body style="font-family:system-ui;padding:3rem;text-align:center"><h1>Oops! Algo deu errado</h1><p>ID do erro: ${errorId}</p><p><a href="/">Ir para o início</a></p></body></html>`,
        500,
      )
    }
  })
  return app
}
