import { createTRPCClient, httpBatchLink } from "@trpc/client"
import superjson from "superjson"
import type { AppRouter } from "./trpc"

/** The browser's tRPC client over /api/trpc, loaded on the first call (web/browserRouter.tsx). */
export const createHttpClient = () =>
  createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "/api/trpc", transformer: superjson, maxURLLength: 4000 })],
  })
