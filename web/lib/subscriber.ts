import { useQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { useMemo } from "react"
import { cardState } from "../../domain/catalog/cardState"
import { HELD_RULE, purchaseRule } from "../../domain/catalog/purchase"
import type { CharacterCard } from "../../domain/catalog/showcase"
import type { RouterContext } from "../router"
import { useViewer } from "./viewer"

const NONE: ReadonlySet<string> = new Set()

/**
 * Catalogue pages are the same HTML for every visitor (server/http/pageCache.ts), rendered as a
 * non-subscriber sees them. A signed-in customer's loader also asks which collections they subscribe to and
 * which editions they already hold up to their limit, and what they hold, trade and want (their cards' own
 * states), awaited on the server (their page is rendered for them alone) and in the background in the browser.
 */
export async function prefetchSubscriberView(context: RouterContext) {
  const viewer = await context.trpc.account.me.ensureData()
  if (!viewer) return
  const subscribed = context.trpc.account.subscribedCollections.prefetch(undefined)
  const held = context.trpc.account.heldEditions.prefetch(undefined)
  const marks = context.trpc.account.cardMarks.prefetch(undefined)
  if (typeof document === "undefined") await Promise.all([subscribed, held, marks])
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

/** The editions the signed-in collector already holds up to their limit; empty for a visitor. */
function useHeldEditions(): ReadonlySet<string> {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const viewer = useViewer()
  const { data } = useQuery({
    ...trpc.account.heldEditions.queryOptions(undefined),
    enabled: viewer !== null,
  })
  return useMemo(() => (viewer && data ? new Set(data) : NONE), [viewer, data])
}

/** What the viewer has to do with the catalogue's characters, by id. */
export interface CardMarks {
  readonly owned: ReadonlySet<string>
  readonly forTrade: ReadonlySet<string>
  readonly wished: ReadonlySet<string>
}

const NO_MARKS: CardMarks = { owned: NONE, forTrade: NONE, wished: NONE }

/** The signed-in collector's marks; none for a visitor, so the shared HTML never carries anyone's. */
function useCardMarks(): CardMarks {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const viewer = useViewer()
  const { data } = useQuery({ ...trpc.account.cardMarks.queryOptions(undefined), enabled: viewer !== null })
  return useMemo(
    () =>
      viewer && data
        ? { owned: new Set(data.owned), forTrade: new Set(data.forTrade), wished: new Set(data.wished) }
        : NO_MARKS,
    [viewer, data],
  )
}

/**
 * A character as this viewer may buy it (the page shows it as to anyone): released editions are included for a
 * subscriber of its collection, and an edition the viewer already holds up to their limit says so instead;
 * its state adds what the viewer holds, trades and wants (the rule keeps a mystery a mystery).
 */
export function viewerCard<C extends CharacterCard>(
  card: C,
  subscribed: ReadonlySet<string>,
  held: ReadonlySet<string> = NONE,
  marks: CardMarks = NO_MARKS,
): C {
  const bought = held.has(card.id)
    ? { ...card, purchase: HELD_RULE }
    : subscribed.has(card.collection.id)
      ? { ...card, purchase: purchaseRule(card.status, true) }
      : card
  const state = cardState({
    phase: card.phase,
    revealedRecently: card.recent,
    featured: card.featured,
    rarity: card.rarity,
    owned: marks.owned.has(card.id),
    forTrade: marks.forTrade.has(card.id),
    wished: marks.wished.has(card.id),
  })
  return state === bought.state ? bought : { ...bought, state }
}

/** `viewerCard` for the signed-in viewer, from the lists their page's loader fetched. */
export function useViewerCard<C extends CharacterCard>(card: C): C {
  const subscribed = useSubscribedCollections()
  const held = useHeldEditions()
  const marks = useCardMarks()
  return useMemo(() => viewerCard(card, subscribed, held, marks), [card, subscribed, held, marks])
}
