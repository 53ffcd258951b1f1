import { Effect } from "effect"
import { type ShelfItemInput, validateShelfItem } from "../../domain/community/shelf"
import { InvalidInput, ShelfItemNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import { ShelfStore } from "../ports/ShelfStore"
import { requireCustomer } from "../viewer"
import { saoPauloIsoDay } from "./shelfViews"

/**
 * 'Adicionar Item' (no id) or 'Editar' (the id of one of the collector's own items). The form's rules run again
 * here with the same pt-BR messages; another collector's item answers as not found.
 */
export const saveShelfItem = Effect.fn("Community.saveShelfItem")(function* (
  input: ShelfItemInput & { readonly id?: string },
) {
  const actor = yield* requireCustomer
  const store = yield* ShelfStore
  const now = yield* (yield* Clock).now()
  const checked = validateShelfItem(input, saoPauloIsoDay(now))
  if (!checked.ok) return yield* new InvalidInput({ message: Object.values(checked.errors)[0] as string })
  const existing = input.id ? yield* store.item(input.id) : null
  if (input.id && existing?.userId !== actor.id) return yield* new ShelfItemNotFound()
  const id = existing?.id ?? (yield* (yield* Ids).uuid())
  yield* store.saveItem({
    ...checked.value,
    id,
    userId: actor.id,
    imageUrl: existing?.imageUrl ?? null,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  })
  return { id }
})
