import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from "@tanstack/react-router"
import { useEffect } from "react"
import { Breadcrumbs } from "../components/Breadcrumbs"
import { CartSync } from "../components/CartSync"
import { DEMO_STORE_META, DemoNotice } from "../components/DemoNotice"
import { Footer } from "../components/Footer"
import { Header } from "../components/Header"
import { RouteAnnouncer } from "../components/RouteAnnouncer"
import { RouteProgress } from "../components/RouteProgress"
import { Toasts } from "../components/Toasts"
import { isNotFoundMatch, NOT_FOUND_TITLE } from "../lib/notFound"
import { STORE_NAME } from "../lib/seo"
import { STORE_CLOCK_META, storeClockOffset } from "../lib/storeClock"
import { THEME_BOOT_SCRIPT } from "../lib/theme"
import type { RouterContext } from "../router"

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: async ({ context }) => {
    const [, viewer] = await Promise.all([
      context.trpc.store.settings.ensureData(),
      context.trpc.account.me.ensureData(),
    ])
    // The header's count and every "No Carrinho" button read the customer's cart. Fetched here it is
    // dehydrated with the page; fetched later it arrived mid-hydration and the markup no longer matched
    // (React #418). prefetch never throws: a failing cart must not take the whole page down. In the browser
    // the cached cart is already on screen, so a navigation does not wait for its refresh.
    if (!viewer) return
    // The bell's unread count too (one indexed query): the badge is right on first paint, no request after.
    const cart = context.trpc.cart.mine.prefetch()
    const unread = context.trpc.notifications.unread.prefetch()
    if (typeof document === "undefined") await Promise.all([cart, unread])
  },
  head: ({ match }) => ({
    meta: [
      { charSet: "utf-8" },
      { name: "viewport", content: "width=device-width, initial-scale=1, viewport-fit=cover" },
      { name: "theme-color", content: "#0b0b12" },
      { name: "color-scheme", content: "light dark" },
      // An address no route matches is rendered by the root: it names the page, or the tab stays blank.
      ...(isNotFoundMatch(match) ? [{ title: `${NOT_FOUND_TITLE} | ${STORE_NAME}` }] : []),
    ],
    links: [
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
      { rel: "manifest", href: "/site.webmanifest" },
    ],
  }),
  component: RootDocument,
})

function RootDocument() {
  const inlineCss = Route.useRouteContext({ select: (c) => c.inlineCss })
  const vitalsEndpoint = Route.useRouteContext({ select: (c) => c.vitalsEndpoint })
  const pollSeconds = Route.useRouteContext({ select: (c) => c.notificationsPollSeconds })
  const demoStore = Route.useRouteContext({ select: (c) => c.demoStore === true })
  const nonce = useRouter().options.ssr?.nonce
  // Lets tests and monitoring tell a hydrated page from server HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true"
  }, [])
  return (
    <html lang="pt-BR" suppressHydrationWarning>
      <head>
        {/* Runs before first paint so a stored dark theme never flashes light. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user data
          dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }}
        />
        {/* The browser renders this empty and keeps the server's text: hydration must not erase the styles. */}
        <style
          id="app-css"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, no user data
          dangerouslySetInnerHTML={{ __html: inlineCss ?? "" }}
        />
        {/* Read back by the browser (web/browserRouter.tsx) for the web vitals report. */}
        <meta name="vitals-endpoint" content={vitalsEndpoint ?? ""} />
        {/* The header's unread notifications poll (web/lib/unreadPoller.ts), read back like the endpoint. */}
        <meta name="notifications-poll" content={String(pollSeconds ?? "")} />
        {/* The store's clock (web/lib/storeClock.ts), read back before hydration like the others. */}
        <meta name={STORE_CLOCK_META} content={String(storeClockOffset())} />
        <meta name={DEMO_STORE_META} content={String(demoStore)} />
        <HeadContent />
      </head>
      <body>
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 btn btn-primary"
        >
          Pular para o conteúdo
        </a>
        <RouteProgress />
        <Header />
        {/* Under the sticky header, not above it: the header keeps its place at the top, which the toasts and
            the mobile menu are laid out against. */}
        {demoStore && <DemoNotice />}
        <Breadcrumbs />
        <main id="main-content" tabIndex={-1} className="min-h-[60vh] outline-none">
          <Outlet />
        </main>
        <Footer />
        <RouteAnnouncer />
        <Toasts />
        <CartSync />
        <Scripts />
      </body>
    </html>
  )
}
