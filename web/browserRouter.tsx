import { RouterClient } from "@tanstack/react-router/ssr/client"
import { lazy } from "react"
import { DEMO_STORE_META } from "./components/DemoNotice"
import { STORE_CLOCK_META, setStoreClockOffset } from "./lib/storeClock"
import { lazyClient } from "./lib/trpc"
import { createAppRouter, type OutcomeComponents } from "./router"

const loadNotFound = () => import("./components/NotFound")
const loadErrorFallback = () => import("./components/ErrorFallback")

/** Shown when even the error page's module cannot be loaded (the network is gone, say). */
function PlainErrorFallback() {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Oops! Algo deu errado</h1>
      <button type="button" className="btn btn-primary mt-8" onClick={() => location.reload()}>
        Tentar novamente
      </button>
    </section>
  )
}

/** The not-found and error pages, loaded when a page shows one (web/router.tsx). */
const outcomes: OutcomeComponents = {
  NotFound: lazy(() => loadNotFound().then((m) => ({ default: () => <m.NotFound /> }))),
  ErrorFallback: lazy(() =>
    loadErrorFallback().then(
      (m) => ({ default: m.ErrorFallback }),
      () => ({ default: PlainErrorFallback }),
    ),
  ),
}

/** The page's router in the browser, its root element, and a tRPC client that loads on first use. */
export function createBrowserApp() {
  setStoreClockOffset(storeClockOffsetOfPage())
  const router = createAppRouter(
    lazyClient(() => import("./lib/trpcTransport").then((m) => m.createHttpClient())),
    window.location.origin,
    {
      outcomes,
      vitalsEndpoint: vitalsEndpointOfPage(),
      notificationsPollSeconds: pollSecondsOfPage(),
      demoStore: demoStoreOfPage(),
    },
  )
  return { router, root: <RouterClient router={router} /> }
}

/** The store clock's offset the server named in the page (web/routes/__root.tsx). */
const storeClockOffsetOfPage = () =>
  Number(document.querySelector<HTMLMetaElement>(`meta[name="${STORE_CLOCK_META}"]`)?.content) || 0

/** The endpoint the server named in the page (web/routes/__root.tsx), or "" when reports stay in the console. */
const vitalsEndpointOfPage = () =>
  document.querySelector<HTMLMetaElement>('meta[name="vitals-endpoint"]')?.content ?? ""

/** The unread notifications' poll interval the server named in the page (web/routes/__root.tsx). */
const pollSecondsOfPage = () =>
  Number(document.querySelector<HTMLMetaElement>('meta[name="notifications-poll"]')?.content) || undefined

/** Whether the server said the store is a demonstration (web/routes/__root.tsx). */
const demoStoreOfPage = () =>
  document.querySelector<HTMLMetaElement>(`meta[name="${DEMO_STORE_META}"]`)?.content === "true"

/**
 * Once the page is idle after hydration: loads the web vitals reporter, so it never competes with the first
 * paint or the page's own JavaScript (and is not part of its initial JavaScript), and fetches the not-found
 * and error pages, so a later failure finds them even when the network is gone, and the header's mobile menu.
 */
export function whenIdleAfterHydration() {
  const start = () => {
    void import("./lib/vitals").then((m) => m.reportWebVitals(vitalsEndpointOfPage()))
    void loadNotFound().catch(() => undefined)
    void loadErrorFallback().catch(() => undefined)
    // The header's mobile menu, so its first tap does not wait for the network.
    void import("./components/MobileMenu").catch(() => undefined)
  }
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 4000 })
  else setTimeout(start, 2000)
}
