import type { QueryClient } from "@tanstack/react-query"
import { createTRPCClient, type TRPCLink } from "@trpc/client"
import { createTRPCQueryUtils } from "@trpc/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import type { AppRouter } from "../../server/trpc/appRouter"

export type { AppRouter }
export type RouterOutputs = inferRouterOutputs<AppRouter>

/** One client and one set of query utils per request on the server, one per page on the browser. */
export function createTrpc(queryClient: QueryClient, link: TRPCLink<AppRouter>) {
  const client = createTRPCClient<AppRouter>({ links: [link] })
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client })
  return { client, utils }
}

export type Trpc = ReturnType<typeof createTrpc>
