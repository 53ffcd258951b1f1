import { useSuspenseQuery } from "@tanstack/react-query"
import { useRouteContext, useRouter } from "@tanstack/react-router"

/** The signed-in user (null for visitors); the root loader fetched it, so the header renders on the server. */
export function useViewer() {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  return useSuspenseQuery(trpc.account.me.queryOptions()).data
}

/** After sign-in or sign-out every loader and cached query must see the new user. */
export function useRefreshViewer() {
  const router = useRouter()
  const { queryClient, trpc } = useRouteContext({ from: "__root__" })
  return async () => {
    // The previous user's cart and notifications must not linger; everything else refetches in place (no suspense flash).
    queryClient.removeQueries({ queryKey: trpc.cart.mine.queryOptions().queryKey })
    // Every notifications query (web/lib/notifications.ts, not imported: it would join every page's shell).
    queryClient.removeQueries({ queryKey: [["notifications"]] })
    await queryClient.invalidateQueries()
    await router.invalidate()
  }
}
