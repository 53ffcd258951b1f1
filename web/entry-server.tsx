import type { AnyRouter } from "@tanstack/react-router"
import { createRequestHandler, defaultStreamHandler } from "@tanstack/react-router/ssr/server"
import type { ServerManifest } from "@tanstack/router-core"
import { createTRPCClient, type TRPCLink } from "@trpc/client"
import { ErrorFallback } from "./components/ErrorFallback"
import { NotFound } from "./components/NotFound"
import { setStoreClockOffset } from "./lib/storeClock"
import type { AppRouter } from "./lib/trpc"
import { createAppRouter } from "./router"

export interface RenderOptions {
  /** In-process tRPC link: loaders call the router without HTTP. */
  readonly link: TRPCLink<AppRouter>
  readonly publicUrl: string
  readonly manifest: ServerManifest
  readonly inlineCss?: string
  /** Per-response nonce the Content-Security-Policy allows inline scripts with. */
  readonly nonce?: string
  /** Where the page sends its web vitals (VITALS_ENDPOINT); empty: nowhere. */
  readonly vitalsEndpoint?: string
  /** How often pages poll the unread notifications (NOTIFICATIONS_POLL_SECONDS). */
  readonly notificationsPollSeconds?: number
  /** How far the store's clock is from the real time (STORE_CLOCK_START); 0 in production. */
  readonly storeClockOffsetMs?: number
  /** Payments go through the sandbox: every page says the store is a demonstration. */
  readonly demoStore?: boolean
}

/** Renders one page as a streamed HTML response (status 404 or 500 when the router says so). */
export function render(request: Request, options: RenderOptions): Promise<Response> {
  setStoreClockOffset(options.storeClockOffsetMs ?? 0)
  const handler = createRequestHandler<AnyRouter>({
    request,
    createRouter: () =>
      createAppRouter(createTRPCClient({ links: [options.link] }), options.publicUrl, {
        outcomes: { NotFound, ErrorFallback },
        inlineCss: options.inlineCss,
        nonce: options.nonce,
        vitalsEndpoint: options.vitalsEndpoint,
        notificationsPollSeconds: options.notificationsPollSeconds,
        demoStore: options.demoStore,
      }),
    getRouterManifest: () => options.manifest,
  })
  return handler(defaultStreamHandler)
}
