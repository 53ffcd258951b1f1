import { Effect } from "effect"
import { compareShelfEntries, shelfStats } from "../../domain/community/shelf"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { ShelfStore } from "../ports/ShelfStore"
import { itemEntry, pieceEntry } from "./shelfViews"

/**
 * A collector's virtual shelf: the pieces they hold from the store beside the ones they added by hand. A private
 * profile's shelf (and an unknown collector's) is null for everyone but its owner: nothing says which it was.
 */
export const getShelf = Effect.fn("Community.getShelf")(function* (userId: string) {
  const { viewer } = yield* CurrentUser
  const store = yield* ShelfStore
  const owner = yield* store.owner(userId)
  const isOwner = viewer?.id === userId
  if (!owner || (owner.isPrivate && !isOwner)) return null
  const [pieces, items] = yield* Effect.all([store.pieces(userId), store.items(userId)])
  const now = yield* (yield* Clock).now()
  const entries = [...pieces.map((p) => pieceEntry(p, now)), ...items.map(itemEntry)].sort(
    compareShelfEntries,
  )
  return {
    owner: { userId: owner.userId, displayName: owner.displayName },
    isOwner,
    entries,
    stats: shelfStats(entries),
  }
})

export type ShelfView = NonNullable<Effect.Success<ReturnType<typeof getShelf>>>
