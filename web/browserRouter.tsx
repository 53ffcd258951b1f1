import { RouterClient } from "@tanstack/react-router/ssr/client"
import { lazyClient } from "./lib/trpc"
import { createAppRouter } from "./router"

/** The page's router in the browser, its root element, and a tRPC client that loads on first use. */
export function createBrowserApp() {
  const router = createAppRouter(
    lazyClient(() => import("./lib/trpcTransport").then((m) => m.createHttpClient())),
    window.location.origin,
  )
  return { router, root: <RouterClient router={router} /> }
}
