import { QueryClient } from "@tanstack/react-query"
import { createRouter } from "@tanstack/react-router"
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query"
import { ErrorFallback } from "./components/ErrorFallback"
import { NotFound } from "./components/NotFound"
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
}

export function createAppRouter(
  client: TrpcClient,
  publicUrl: string,
  inlineCss?: string,
  nonce?: string,
  vitalsEndpoint?: string,
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
    },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 150,
    defaultNotFoundComponent: () => <NotFound />,
    defaultErrorComponent: ErrorFallback,
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
