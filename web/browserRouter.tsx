import { RouterClient } from "@tanstack/react-router/ssr/client"
import { lazyClient } from "./lib/trpc"
import { createAppRouter } from "./router"

/** The page's router in the browser, its root element, and a tRPC client that loads on first use. */
export function createBrowserApp() {
  const vitalsEndpoint = vitalsEndpointOfPage()
  const router = createAppRouter(
    lazyClient(() => import("./lib/trpcTransport").then((m) => m.createHttpClient())),
    window.location.origin,
    undefined,
    undefined,
    vitalsEndpoint,
  )
  return { router, root: <RouterClient router={router} /> }
}

/** The endpoint the server named in the page (web/routes/__root.tsx), or "" when reports stay in the console. */
const vitalsEndpointOfPage = () =>
  document.querySelector<HTMLMetaElement>('meta[name="vitals-endpoint"]')?.content ?? ""

/**
 * Loads the web vitals reporter once the page is idle after hydration, so it never competes with the first
 * paint or the page's own JavaScript (and is not part of its initial JavaScript).
 */
export function reportVitalsWhenIdle() {
  const start = () => void import("./lib/vitals").then((m) => m.reportWebVitals(vitalsEndpointOfPage()))
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 4000 })
  else setTimeout(start, 2000)
}
