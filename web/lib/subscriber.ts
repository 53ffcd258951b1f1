import { useQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { useMemo } from "react"
import { purchaseRule } from "../../domain/purchase"
import type { CharacterCard } from "../../domain/showcase"
import type { RouterContext } from "../router"
import { useViewer } from "./viewer"

const NONE: ReadonlySet<string> = new Set()

/**
 * Catalogue pages are the same HTML for every visitor (server/http/pageCache.ts), rendered as a
 * non-subscriber sees them. A signed-in customer's loader also asks which collections they subscribe to,
 * awaited on the server (their page is rendered for them alone) and in the background in the browser.
 */
export async function prefetchSubscriberView(context: RouterContext) {
  const viewer = await context.trpc.account.me.ensureData()
  if (!viewer) return
  const subscribed = context.trpc.account.subscribedCollections.prefetch(undefined)
  if (typeof document === "undefined") await subscribed
}

/** The collections the signed-in customer is a subscriber of now; empty for a visitor. */
export function useSubscribedCollections(): ReadonlySet<string> {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const viewer = useViewer()
  const { data } = useQuery({
    ...trpc.account.subscribedCollections.queryOptions(undefined),
    enabled: viewer !== null,
  })
  return useMemo(() => (viewer && data ? new Set(data) : NONE), [viewer, data])
}

/** A character as a viewer subscribed to these collections may buy it (the page shows it as to anyone). */
export function viewerCard<C extends CharacterCard>(card: C, subscribed: ReadonlySet<string>): C {
  return subscribed.has(card.collection.id) ? { ...card, purchase: purchaseRule(card.status, true) } : card
}

/** A character as this viewer may buy it: released editions are included for a subscriber of its collection. */
export function useViewerCard<C extends CharacterCard>(card: C): C {
  const subscribed = useSubscribedCollections()
  return useMemo(() => viewerCard(card, subscribed), [card, subscribed])
}
