import { Effect } from "effect"
import { CurrentUser } from "../ports/CurrentUser"
import { Favourites } from "../ports/Favourites"

/**
 * The character page's 'Comunidade' tab: how many collectors hold it and want it, who offers one for trade
 * (never the viewer themself), and whether the viewer marked it. Asked by the browser: the page's HTML is shared.
 */
export const getCharacterCommunity = Effect.fn("Community.getCharacterCommunity")(function* (
  productId: string,
) {
  const { viewer } = yield* CurrentUser
  const favourites = yield* Favourites
  const figures = yield* favourites.figures(productId)
  return {
    owners: figures.owners,
    wanting: figures.wanting,
    forTrade: figures.forTrade.filter((t) => t.userId !== viewer?.id),
    favourite: viewer ? yield* favourites.isFavourite(viewer.id, productId) : false,
  }
})
