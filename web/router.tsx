import { QueryClient } from "@tanstack/react-query"
import { createRouter } from "@tanstack/react-router"
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query"
import type { TRPCLink } from "@trpc/client"
import { ErrorFallback } from "./components/ErrorFallback"
import { NotFound } from "./components/NotFound"
import { PageLoading } from "./components/PageLoading"
import { type AppRouter, createTrpc } from "./lib/trpc"
import { routeTree } from "./routeTree.gen"

export interface RouterContext {
  readonly queryClient: QueryClient
  readonly trpc: ReturnType<typeof createTrpc>["utils"]
  readonly trpcClient: ReturnType<typeof createTrpc>["client"]
  readonly publicUrl: string
  /** Server only: the stylesheet to inline in <head>; the browser keeps what the server sent. */
  readonly inlineCss?: string
}

export function createAppRouter(
  link: TRPCLink<AppRouter>,
  publicUrl: string,
  inlineCss?: string,
  nonce?: string,
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      // Data rendered on the server is fresh on hydration: no request until it ages.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  })
  const { client, utils } = createTrpc(queryClient, link)
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc: utils, trpcClient: client, publicUrl, ...(inlineCss ? { inlineCss } : {}) },
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
