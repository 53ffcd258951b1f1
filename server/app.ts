import { randomBytes } from "node:crypto"
import type { ServerManifest } from "@tanstack/router-core"
import { unstable_localLink } from "@trpc/client"
import { fetchRequestHandler } from "@trpc/server/adapters/fetch"
import { Effect } from "effect"
import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { sql } from "kysely"
import superjson from "superjson"
import { CLIENT_IP_HEADER, handleAuthRequest } from "../adapters/auth/betterAuth"
import { CatalogVersion } from "../adapters/catalog/CatalogVersion"
import { Db } from "../adapters/db/DatabaseService"
import { dbRateLimiter } from "../adapters/ratelimit/dbRateLimit"
import { sandboxRoutes } from "../adapters/sandbox-gateway/routes"
import { nextCatalogChange } from "../application/catalog"
import { escapeHtml } from "../application/mail"
import { StaffLists } from "../application/ports/StaffLists"
import { errorCodeLine, errorIdIn } from "../domain/errorId"
import { UNSUBSCRIBE_PATH } from "../domain/notifications/unsubscribe"
import { nextShowcaseChange } from "../domain/shipping/schedule"
import type { RenderOptions } from "../web/entry-server"
import { clientIpOf, createStoreAuth, trustedOrigins, viewerOf, withClientIp } from "./auth"
import { storeClockOffsetOf, storeNow } from "./clock"
import { type Config, listensOnLoopbackOnly } from "./config"
import { paymentsAreSimulated } from "./deployment"
import { newErrorId } from "./errors"
import { adminAliasRoutes } from "./http/adminAliases"
import { ADMIN_IMAGE_UPLOAD_PATH, adminImageUploadRoutes } from "./http/adminImageUpload"
import { ADMIN_ORDERS_CSV_PATH, adminOrdersCsvRoutes } from "./http/adminOrdersCsv"
import { ADMIN_REPORTS_CSV_PATH, adminReportsCsvRoutes } from "./http/adminReportsCsv"
import { ADMIN_SHIPPING_TABLE_PATH, adminShippingTableRoutes } from "./http/adminShippingTableUpload"
import { AVATAR_UPLOAD_PATH, avatarUploadRoutes } from "./http/avatarUpload"
import { collectorGuideRoutes } from "./http/collectorGuide"
import { streamingCompression } from "./http/compression"
import { loadsMercadoPago, pageCsp } from "./http/contentSecurity"
import { refuseControlCharactersInBody, urlHasControlCharacter } from "./http/controlCharacters"
import { devEmailRoutes } from "./http/devEmails"
import { isDirectLoopback, socketAddress } from "./http/loopback"
import { mediaRoutes } from "./http/media"
import { mercadoPagoWebhookRoutes } from "./http/mercadoPagoWebhook"
import { httpMetrics, METRICS_PATH, metricsRoute } from "./http/metrics"
import { pageCache } from "./http/pageCache"
import { profileAliasRoutes } from "./http/profileAliases"
import { requestIds } from "./http/requestId"
import { revealCalendarRoutes } from "./http/revealCalendar"
import { sandboxOwnership } from "./http/sandboxOwnership"
import { SHELF_OG_PATH, shelfOgImageRoutes } from "./http/shelfOgImage"
import { SHELF_PHOTO_UPLOAD_PATH, shelfPhotoUploadRoutes } from "./http/shelfPhotoUpload"
import { systemStatusRoutes } from "./http/systemStatus"
import { unsubscribeRoutes } from "./http/unsubscribe"
import { vitalsRoutes } from "./http/vitals"
import type { Logger } from "./logger"
import { sandboxBankFor, sandboxSubscriptionsFor, usesMercadoPago, webhookSecret } from "./paymentGateway"
import { currentRequest } from "./requestContext"
import { type AppRuntime, WEBHOOK_PATH } from "./runtime"
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
  /** True once the server is stopping: readiness answers 503 so the proxy sends new requests elsewhere. */
  readonly draining?: () => boolean
  /** Serves built client files (production) — development lets Vite do it. */
  readonly staticFiles?: import("hono").MiddlewareHandler
}

const MAX_BODY_BYTES = 64 * 1024
/** Uploads that set their own, larger limit (server/http/adminImageUpload.ts, adminShippingTableUpload.ts). */
const OWN_BODY_LIMIT_PATHS: ReadonlySet<string> = new Set([
  ADMIN_IMAGE_UPLOAD_PATH,
  ADMIN_SHIPPING_TABLE_PATH,
  SHELF_PHOTO_UPLOAD_PATH,
  AVATAR_UPLOAD_PATH,
])
const MAX_BATCH = 10

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
}

export async function createApp(deps: AppDeps) {
  const { config, runtime, logger } = deps
  const { db } = await runtime.runPromise(Db.use((service) => Effect.succeed(service)))
  const auth = await createStoreAuth(config, db, runtime, logger)
  const staffLists = () => runtime.runPromise(StaffLists.use((lists) => lists.get()))
  const trpcContext = async (request: Request): Promise<TrpcContext> => ({
    runtime,
    clientIp: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    logger,
    auth,
    headers: request.headers,
    viewer: await viewerOf(auth, request.headers, staffLists),
  })
  const allowedOrigins = trustedOrigins(config.publicUrl, config.TRUSTED_ORIGINS)
  /** Cookie-authenticated writes must come from our own pages (CSRF defence beside SameSite=Lax). */
  const sameOrigin = (request: Request) => {
    const origin = request.headers.get("origin")
    if (origin) return allowedOrigins.includes(origin)
    return request.headers.get("sec-fetch-site") === "same-origin"
  }
  const clientRequest = (c: import("hono").Context) =>
    withClientIp(c.req.raw, socketAddress(c), config.TRUST_PROXY)
  // The same address without copying the request (and its body).
  const clientIp = (c: import("hono").Context) =>
    clientIpOf(c.req.raw.headers, socketAddress(c), config.TRUST_PROXY)
  const pages = await anonymousPageCache(deps, trpcContext)
  const renderFailed = (c: import("hono").Context, error: unknown) => {
    logger.error({ err: error, path: c.req.path }, "render failed")
    const code = errorCodeLine(currentRequest()?.id ?? newErrorId())
    return c.html(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Oops! Algo deu errado</title><body style="font-family:system-ui;padding:3rem;text-align:center"><h1>Oops! Algo deu errado</h1><p>${escapeHtml(code)}</p><p><a href="/">Ir para o início</a></p></body></html>`,
      500,
    )
  }

  const app = new Hono()
  app.use(httpMetrics(runtime.metrics))

  app.use(requestIds({ trustProxy: config.TRUST_PROXY, runtime }))
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

  // A path that does not decode ("/%", "/%zz") is the client's mistake: 400, not a stack trace in the log; so is
  // a control character in it or in the query (NUL would reach the database, which refuses it).
  app.use(async (c, next) => {
    try {
      if (!urlHasControlCharacter(new URL(c.req.url))) return next()
      logger.warn({ method: c.req.method }, "address refused: control character")
    } catch {
      // does not decode
    }
    return c.text("Endereço inválido", 400)
  })
  // Reveal day: anonymous catalogue pages come from memory before any other middleware touches the request.
  if (pages)
    app.use(async (c, next) => {
      if (!pages.accepts(c.req.raw)) return next()
      try {
        return await pages.serve(c.req.raw)
      } catch (error) {
        return renderFailed(c, error)
      }
    })
  // No route takes a large body: refuse one before anything reads it, then one with a control character in a
  // text. GET and HEAD carry none, and checking them would make the Node adapter build a full Request for every
  // page and asset.
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: { message: "Requisição grande demais" } }, 413),
  })
  const refuseControlCharacters = refuseControlCharactersInBody(logger)
  app.use((c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" || OWN_BODY_LIMIT_PATHS.has(c.req.path)
      ? next()
      : limitBody(c, async () => {
          const refused = await refuseControlCharacters(c, next)
          if (refused instanceof Response) c.res = refused
        }),
  )

  app.get("/healthz", (c) => c.json({ status: "ok" }))
  app.get("/readyz", async (c) => {
    if (deps.draining?.()) return c.json({ status: "draining" }, 503)
    try {
      await sql`select 1`.execute(db)
      return c.json({ status: "ready", database: "ok" })
    } catch (error) {
      logger.error({ err: error }, "readiness check failed")
      return c.json({ status: "unavailable", database: "unreachable" }, 503)
    }
  })

  app.get(METRICS_PATH, metricsRoute(runtime.metrics, config.METRICS_TOKEN))

  app.route("/media", mediaRoutes(db))
  app.route(SHELF_OG_PATH, shelfOgImageRoutes({ db, context: (c) => trpcContext(clientRequest(c)) }))
  if (!config.SMTP_URL) {
    // Without SMTP the store keeps its e-mails; they carry sign-in links, so only this machine or an
    // administrator may read them. Anyone else gets the same 404 as for a path that does not exist.
    const mayReadKeptMail = async (c: import("hono").Context) =>
      isDirectLoopback(c.req.raw.headers, socketAddress(c), {
        loopbackOnly: listensOnLoopbackOnly(config),
        trustProxy: config.TRUST_PROXY,
      }) || (await viewerOf(auth, c.req.raw.headers, staffLists))?.role === "admin"
    app.use("/dev/emails/*", async (c, next) =>
      (await mayReadKeptMail(c)) ? next() : c.text("Página não encontrada", 404),
    )
    app.route("/dev/emails", devEmailRoutes(db))
  }
  if (deps.staticFiles) app.use(deps.staticFiles)

  // Payment notifications come from Mercado Pago (or the sandbox, in-process): signed, so no origin check.
  app.route(
    WEBHOOK_PATH,
    mercadoPagoWebhookRoutes({ runtime, logger, secret: webhookSecret(config), now: storeNow(config) }),
  )
  runtime.paymentWebhooks.bind(async (r) =>
    app.request(r.path, { method: "POST", headers: r.headers, body: r.body }),
  )
  if (!usesMercadoPago(config)) {
    const notify = runtime.paymentWebhooks.notify
    app.route(
      "/sandbox",
      sandboxRoutes({
        bank: sandboxBankFor(config, db, notify),
        subscriptions: sandboxSubscriptionsFor(config, db, notify),
        sameOrigin,
        owns: sandboxOwnership(runtime, (request) => viewerOf(auth, request.headers, staffLists)),
      }),
    )
  }

  app.use("/api/*", streamingCompression())
  // API answers are personal (session, cart, account) or cheap to recompute: no cache anywhere may keep them.
  app.use("/api/*", async (c, next) => {
    await next()
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store")
  })
  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(auth, clientRequest(c)))
  app.all("/api/trpc/*", (c) => {
    if (c.req.method === "POST" && !sameOrigin(c.req.raw))
      return c.json({ error: "Origem não permitida" }, 403)
    const req = clientRequest(c)
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      // A page asks for a handful of procedures at once; more is someone batching abuse into one request.
      maxBatchSize: MAX_BATCH,
      createContext: () => trpcContext(req),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR")
          logger.error({ path, err: error.cause ?? error }, "trpc error")
      },
    })
  })
  // The error page reports an id born in the browser, so the id a customer quotes is in the log too.
  const clientErrorLimit = dbRateLimiter(db)
  app.post("/api/client-errors", async (c) => {
    if (!(await clientErrorLimit(`client-errors:${clientIp(c)}`, 20, 60_000))) return c.body(null, 429)
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
    const errorId = typeof body?.errorId === "string" ? errorIdIn(body.errorId) : null
    if (!errorId) return c.json({ error: { message: "Relato de erro inválido" } }, 400)
    const text = (key: string) => (typeof body?.[key] === "string" ? (body[key] as string).slice(0, 500) : "")
    logger.error({ errorId, path: text("path"), message: text("message") }, "page error in the browser")
    return c.body(null, 204)
  })
  app.route(
    "/api/vitals",
    vitalsRoutes({
      runtime,
      logger,
      rateLimit: dbRateLimiter(db),
      clientAddress: clientIp,
    }),
  )
  app.route(
    ADMIN_ORDERS_CSV_PATH,
    adminOrdersCsvRoutes((c) => trpcContext(clientRequest(c))),
  )
  // The context reads only headers: a body-less copy, so an upload's body stays unread for its route.
  const uploadContext = (c: import("hono").Context) =>
    trpcContext(
      withClientIp(
        new Request(c.req.url, { headers: c.req.raw.headers }),
        socketAddress(c),
        config.TRUST_PROXY,
      ),
    )
  app.route(ADMIN_IMAGE_UPLOAD_PATH, adminImageUploadRoutes({ context: uploadContext, sameOrigin }))
  app.route(ADMIN_SHIPPING_TABLE_PATH, adminShippingTableRoutes({ context: uploadContext, sameOrigin }))
  app.route(SHELF_PHOTO_UPLOAD_PATH, shelfPhotoUploadRoutes({ context: uploadContext, sameOrigin }))
  app.route(AVATAR_UPLOAD_PATH, avatarUploadRoutes({ context: uploadContext, sameOrigin }))
  app.route(
    ADMIN_REPORTS_CSV_PATH,
    adminReportsCsvRoutes((c) => trpcContext(clientRequest(c))),
  )
  app.route("/", systemStatusRoutes({ runtime, logger }))
  app.route(UNSUBSCRIBE_PATH, unsubscribeRoutes(runtime))
  app.all("/api/*", (c) => c.json({ error: "Rota não encontrada" }, 404))

  // Already compressed inside (PDF streams are deflated): ahead of the compression of pages.
  app.route("/", collectorGuideRoutes({ runtime, logger }))
  app.use("*", streamingCompression())
  // Before the pages' catch-all: a .ics beside the collection's page.
  app.route("/", revealCalendarRoutes({ runtime, logger }))
  app.route("/", adminAliasRoutes())
  app.route("/", profileAliasRoutes())
  app.get("*", async (c) => {
    try {
      const req = clientRequest(c)
      const context = await trpcContext(req)
      const link = unstable_localLink({
        router: appRouter,
        createContext: async () => context,
        transformer: superjson,
      })
      const nonce = randomBytes(16).toString("base64")
      const response = await deps.render(c.req.raw, {
        link,
        nonce,
        publicUrl: config.publicUrl,
        manifest: await deps.manifest(),
        ...(deps.inlineCss ? { inlineCss: deps.inlineCss } : {}),
        ...pageSettings(config),
      })
      // Pages carry per-request data (the signed-in header): never let a shared cache keep them.
      response.headers.set("cache-control", "private, no-cache")
      // Vite's development client injects scripts of its own; the policy applies to built pages.
      if (deps.inlineCss)
        response.headers.set(
          "content-security-policy",
          pageCsp(nonce, {
            connectTo: vitalsOrigin(config),
            // MercadoPago.js runs where a card is typed, and only when Mercado Pago takes the payments.
            mercadoPago: usesMercadoPago(config) && loadsMercadoPago(c.req.path),
          }),
        )
      return response
    } catch (error) {
      return renderFailed(c, error)
    }
  })
  return app
}

/**
 * Anonymous catalogue pages served from memory for PAGE_CACHE_SECONDS (server/http/pageCache.ts), dropped when
 * the catalogue changes (CatalogVersion) or the clock changes what they show. They are rendered without the
 * visitor's cookies and without a nonce: their policy allows their own inline scripts by hash.
 */
async function anonymousPageCache(deps: AppDeps, trpcContext: (request: Request) => Promise<TrpcContext>) {
  const { config, runtime } = deps
  // Development (no inlined CSS) renders through Vite on every request, so code changes show at once.
  if (config.PAGE_CACHE_SECONDS <= 0 || !deps.inlineCss) return null
  const version = await runtime.runPromise(CatalogVersion.use((service) => Effect.succeed(service)))
  const slot = "page-cache-hashes"
  return pageCache({
    ttlMs: config.PAGE_CACHE_SECONDS * 1000,
    version: version.current,
    // The calendar's boundaries, and any character's own phase instants (a reveal moved off the 15th's noon).
    nextChange: async (at) =>
      Math.min(nextShowcaseChange(at), await runtime.runPromise(nextCatalogChange(at))),
    // The store's clock, as the pages themselves: a page rendered before a reveal expires at the store's noon.
    now: storeNow(config),
    render: async (request) => {
      const context = await trpcContext(request)
      return deps.render(request, {
        link: unstable_localLink({
          router: appRouter,
          createContext: async () => context,
          transformer: superjson,
        }),
        publicUrl: config.publicUrl,
        manifest: await deps.manifest(),
        ...(deps.inlineCss ? { inlineCss: deps.inlineCss } : {}),
        ...pageSettings(config),
      })
    },
    // A cached catalogue page may become a signed-in collector's subscription dialog (sign-in is a
    // navigation inside the page): it allows MercadoPago.js as the fresh page would.
    policy: (hashes) =>
      pageCsp(slot, { connectTo: vitalsOrigin(config), mercadoPago: usesMercadoPago(config) }).replace(
        ` 'nonce-${slot}'`,
        hashes.map((h) => ` ${h}`).join(""),
      ),
  })
}

/** What every page is told of the server's configuration, cached or not. */
const pageSettings = (config: Config) => ({
  vitalsEndpoint: config.VITALS_ENDPOINT,
  notificationsPollSeconds: config.NOTIFICATIONS_POLL_SECONDS,
  storeClockOffsetMs: storeClockOffsetOf(config),
  demoStore: paymentsAreSimulated(config),
})

/** The web vitals endpoint's origin, when it is not ours: pages may send their reports there. */
function vitalsOrigin(config: Config): string {
  if (!/^https?:\/\//.test(config.VITALS_ENDPOINT)) return ""
  const origin = new URL(config.VITALS_ENDPOINT).origin
  return origin === new URL(config.publicUrl).origin ? "" : ` ${origin}`
}
