import { QueryClient } from "@tanstack/react-query"
import { createRouter, type ErrorRouteComponent } from "@tanstack/react-router"
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query"
import type { ComponentType } from "react"
import { PageLoading } from "./components/PageLoading"
import { createQueryUtils, type TrpcClient, type TrpcQueryUtils } from "./lib/trpc"
import { routeTree } from "./routeTree.gen"

export interface RouterContext {
  readonly queryClient: QueryClient
  readonly trpc: TrpcQueryUtils
  readonly trpcClient: TrpcClient
  readonly publicUrl: string
  /** Server only: the stylesheet to inline in <head>; the browser keeps what the server sent. */
  readonly inlineCss?: string
  /** Where the page sends its web vitals (web/lib/vitals.ts); the server's setting, read back by the browser. */
  readonly vitalsEndpoint?: string
  /** How often a signed-in page polls its unread notifications; the server's setting, read back by the browser. */
  readonly notificationsPollSeconds?: number
  /** A store whose payments are simulated (web/components/DemoNotice.tsx); read back by the browser. */
  readonly demoStore?: boolean
}

/**
 * What a page shows for an address no route matches and for a failure. The server renders them from the
 * modules themselves; the browser loads them when a page needs one (web/browserRouter.tsx), so they are not
 * part of every page's JavaScript.
 */
export interface OutcomeComponents {
  readonly NotFound: ComponentType
  readonly ErrorFallback: ErrorRouteComponent
}

export interface AppRouterOptions {
  readonly outcomes: OutcomeComponents
  readonly inlineCss?: string
  readonly nonce?: string
  readonly vitalsEndpoint?: string
  readonly notificationsPollSeconds?: number
  readonly demoStore?: boolean
}

export function createAppRouter(
  client: TrpcClient,
  publicUrl: string,
  { outcomes, inlineCss, nonce, vitalsEndpoint, notificationsPollSeconds, demoStore }: AppRouterOptions,
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      // Data rendered on the server is fresh on hydration: no request until it ages.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  })
  const utils = createQueryUtils(queryClient, client)
  const router = createRouter({
    routeTree,
    context: {
      queryClient,
      trpc: utils,
      trpcClient: client,
      publicUrl,
      ...(inlineCss ? { inlineCss } : {}),
      ...(vitalsEndpoint ? { vitalsEndpoint } : {}),
      ...(notificationsPollSeconds ? { notificationsPollSeconds } : {}),
      ...(demoStore ? { demoStore } : {}),
    },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 150,
    defaultNotFoundComponent: () => <outcomes.NotFound />,
    defaultErrorComponent: outcomes.ErrorFallback,
    ...(nonce ? { ssr: { nonce } } : {}),
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
